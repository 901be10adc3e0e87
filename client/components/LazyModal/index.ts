export { Modal } from './LazyModal';
