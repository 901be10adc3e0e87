export { default as PlanCard } from './PlanCard';
export { PlanLines } from './PlanLines';
