// The posts feature's public surface: what other features import (ESLint: features meet only through index.ts).
export { postsApi } from './api';
export { authorName } from './author';
export { AuthorButton } from './components/AuthorButton';
export { PostCard } from './components/PostCard';
export { PostSkeleton } from './components/PostSkeleton';
export { PostText } from './components/PostText';
export { removePostEverywhere } from './hooks/usePostCache';
export { tagSearchText } from './post-text';
export type { CreatePostBody, Post } from './types';
