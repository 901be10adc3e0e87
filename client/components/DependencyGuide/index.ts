export { DependencyGuide } from './DependencyGuide';
