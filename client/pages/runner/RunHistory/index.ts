export { LogHistoryDrawer } from './LogHistoryDrawer';
