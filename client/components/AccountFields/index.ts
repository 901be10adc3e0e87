export { EmailField, PasswordField } from './AccountFields';
