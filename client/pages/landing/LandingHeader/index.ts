export { LandingHeader } from './LandingHeader';
