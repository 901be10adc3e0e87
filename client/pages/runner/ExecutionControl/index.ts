export { ExecutionControl } from './ExecutionControl';
export type { RunnerStatus } from './SandboxNotice';
