// The members feature's public surface: what other features import (ESLint: features meet only through index.ts).
export { membersApi } from './api';
export { MentionTextarea } from './components/MentionTextarea';
export { MutedMembersList } from './components/MutedMembersList';
export { MutedWordsList } from './components/MutedWordsList';
export { useMemberProfile } from './hooks/useMember';
export { useOpenMember } from './hooks/useOpenMember';
