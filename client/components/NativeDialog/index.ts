export { NativeDialog } from './NativeDialog';
