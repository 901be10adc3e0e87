export { CreditUsageList } from './CreditUsageList';
