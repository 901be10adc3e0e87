export { EnvVarsModal } from './EnvVarsModal';
export type { EnvVarsSave } from './EnvVarsModal';
