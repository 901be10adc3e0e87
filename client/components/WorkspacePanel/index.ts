export { WorkspacePanel } from './WorkspacePanel';
