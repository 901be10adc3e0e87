export { default as PlanCard } from './PlanCard';
