export { FormHeading } from './FormHeading';
