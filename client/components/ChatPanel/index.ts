export { ChatPanel } from './ChatPanel';
