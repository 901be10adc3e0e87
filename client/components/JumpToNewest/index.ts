export { JumpToNewest } from './JumpToNewest';
