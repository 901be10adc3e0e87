export { ConsoleLogs } from './ConsoleLogs';
