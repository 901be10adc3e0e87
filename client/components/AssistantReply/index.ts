// An assistant's reply as the builder's chat and the runner's AI Help both show it: the bubbles, the
// reply's prose and code, its plan lines and the folded checks.
export { AssistantContent, type PlanSegment } from './AssistantContent';
export { AssistantBubble, UserBubble } from './MessageBubble';
export { PlanLines, WordsWithBlanks } from './PlanLines';
export { default as planFrame } from './PlanLines.module.css';
