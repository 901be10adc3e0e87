export { StatsBanner } from './StatsBanner';
