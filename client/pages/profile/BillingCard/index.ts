export { BillingCard } from './BillingCard';
