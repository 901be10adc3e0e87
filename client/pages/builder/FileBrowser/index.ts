export { FileBrowser } from './FileBrowser';
