export { ForgotPasswordDialog } from './ForgotPasswordDialog';
