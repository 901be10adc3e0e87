export { PostCard } from './PostCard';
export { PostCardSkeleton } from './PostCardSkeleton';
export { PLATFORM_LOOK, PLATFORM_OPTIONS, platformLook } from './platforms';
