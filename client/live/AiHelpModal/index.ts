export { AiHelpModal } from './AiHelpModal';
