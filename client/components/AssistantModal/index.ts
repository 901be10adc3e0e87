export { AssistantModal } from './AssistantModal';
