export { useBotActions } from './BotDialogs';
