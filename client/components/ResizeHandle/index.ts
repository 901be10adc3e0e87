export { ResizeHandle } from './ResizeHandle';
