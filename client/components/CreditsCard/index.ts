export { CreditsCard } from './CreditsCard';
