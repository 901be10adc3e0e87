export { FileRow } from './FileRow';
