export { LandingHero } from './LandingHero';
