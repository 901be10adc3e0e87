export { TestChatPane, type TestChatPaneProps } from './TestChatPane';
export { TestChatPanel, botNameOf } from './TestChatPanel';
export { SavedChatsCheck } from './SavedChatsCheck';
export { TestResults } from './TestResults';
