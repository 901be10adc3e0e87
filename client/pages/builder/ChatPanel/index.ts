export { ChatPanel } from './ChatPanel';
// The runner's AI Assistant dialog speaks in the same bubbles as the builder's chat.
export { AssistantContent } from './AssistantContent';
export { AssistantBubble, UserBubble } from './MessageBubble';
