export { EnvVarsModal } from './EnvVarsModal';
export type { EnvVarsSave } from './EnvVarsModal';
export { useEnvVarsDialog, type EnvVarsFile } from './use-env-vars-dialog';
