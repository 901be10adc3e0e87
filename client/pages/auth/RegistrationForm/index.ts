export { RegistrationForm } from './RegistrationForm';
