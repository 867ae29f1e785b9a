// The stories feature's public surface: what other features import (ESLint: features meet only through index.ts).
export { StoryBubble } from './components/StoryBubble';
export { StoryViewer } from './components/StoryViewer';
export { useStories } from './hooks/useStories';
export { STORY_PREVIEW_MAX, liveStories } from './story-clock';
