export { Tooltip } from './LazyTooltip';
