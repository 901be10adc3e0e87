export { useDeleteFile } from './DeleteFileDialog';
