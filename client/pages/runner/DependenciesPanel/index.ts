export { DependenciesPanel } from './DependenciesPanel';
export type { DependencyAnalysis } from './DependenciesPanel';
