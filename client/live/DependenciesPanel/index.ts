export { DependenciesPanel } from './DependenciesPanel';
export type { DependencyAnalysis } from './DependenciesPanel';
export { useDependencyCheck } from './use-dependency-check';
