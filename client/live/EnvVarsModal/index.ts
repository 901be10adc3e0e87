// The dialog itself (EnvVarsModal.tsx) is loaded by the hook when first opened: import the hook.
export type { EnvVarsSave } from './EnvVarsModal';
export { useEnvVarsDialog, type EnvVarsFile } from './use-env-vars-dialog';
