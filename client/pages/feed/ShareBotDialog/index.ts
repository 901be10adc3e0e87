export { ShareBotDialog } from './ShareBotDialog';
