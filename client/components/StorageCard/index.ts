export { StorageCard } from './StorageCard';
