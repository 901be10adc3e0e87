export { RunnerFiles } from './RunnerFiles';
