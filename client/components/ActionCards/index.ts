export { ActionCards } from './ActionCards';
