export { OtpInput } from './OtpInput';
