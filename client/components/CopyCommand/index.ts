export { CopyCommand } from './CopyCommand';
