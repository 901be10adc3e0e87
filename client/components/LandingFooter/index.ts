export { LandingFooter } from './LandingFooter';
