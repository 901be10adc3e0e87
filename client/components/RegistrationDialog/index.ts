export { RegistrationDialog } from './RegistrationDialog';
