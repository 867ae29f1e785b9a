import { social } from '@aura/proto';
import type { MemberDoc } from '../members/member.schema';
import type { PostDoc } from './post.schema';

/** The author fields every post and comment carries. */
export function toAuthor(authorId: string, author: MemberDoc | undefined): social.Author {
  return {
    id: authorId,
    username: author?.username ?? '',
    displayName: author?.displayName || author?.username || '',
    auraScore: author?.auraScore ?? 0,
    profilePicture: author?.profilePicture ?? '',
    isSuperAura: author?.isSuperAura ?? false,
  };
}

/** The members a list of posts names: their authors and the members they mention (one lookup). */
export const peopleIn = (docs: readonly PostDoc[]): string[] => [
  ...new Set(docs.flatMap((doc) => [doc.authorId, ...(doc.mentionIds ?? [])])),
];

/**
 * A stored post or story as the contract's Post (ISO times; expires_at empty for posts). `people` holds
 * the mentioned members (peopleIn); a mention of someone not in it is left without a link.
 */
export function toPost(
  doc: PostDoc,
  author: MemberDoc | undefined,
  isLiked: boolean,
  isSaved = false,
  people?: ReadonlyMap<string, MemberDoc>,
): social.Post {
  return {
    id: doc._id,
    content: doc.content,
    contentType: doc.contentType,
    category: doc.category,
    mediaUrl: doc.mediaUrl,
    mediaType: doc.mediaType ?? '',
    isStory: doc.isStory,
    likesCount: doc.likesCount ?? 0,
    commentsCount: doc.commentsCount ?? 0,
    engagementScore: doc.engagementScore ?? 0,
    isLiked,
    isSaved,
    tags: doc.tags ?? [],
    mentions: doc.mentions ?? [],
    createdAt: new Date(doc.createdAt).toISOString(),
    expiresAt: doc.isStory && doc.expiresAt ? new Date(doc.expiresAt).toISOString() : '',
    editedAt: doc.editedAt ? new Date(doc.editedAt).toISOString() : '',
    user: toAuthor(doc.authorId, author),
    mentionedUsers: mentionedMembers(doc.mentionIds, people),
  };
}

/** The mentioned members still known by a username (a post's or a comment's), in the text's order. */
export function mentionedMembers(
  ids: readonly string[] | undefined,
  people: ReadonlyMap<string, MemberDoc> | undefined,
): social.MentionedMember[] {
  return (ids ?? []).flatMap((id) => {
    const member = people?.get(id);
    return member?.username ? [{ id, username: member.username }] : [];
  });
}
