export { FeedResults } from './FeedResults';
export { FeedToolbar } from './FeedToolbar';
export { useFeed } from './use-feed';
