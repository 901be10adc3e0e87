export { WorkspacePlaceholder } from './WorkspacePlaceholder';
