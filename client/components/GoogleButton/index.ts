export { GoogleButton } from './GoogleButton';
