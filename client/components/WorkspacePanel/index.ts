export { WorkspacePanel, panelFrame } from './WorkspacePanel';
