export { ColorSchemeToggle } from './ColorSchemeToggle';
