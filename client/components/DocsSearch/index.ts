export { DocsSearch } from './DocsSearch';
