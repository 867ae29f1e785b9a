// Sharing a post (the ⋯ menu's Share): the system share sheet where the browser has one (Web Share API),
// else the text on the clipboard. Pure module (the navigator is passed in): unit-tested under node.
import type { Post } from './types';

/** What a shared post says: "<post text> — @<author>" ("Post by @<author>" for a post of media only). */
export function shareTextOf(post: Pick<Post, 'content' | 'user'>): string {
  const text = post.content.trim();
  const author = `@${post.user.username}`;
  return text ? `${text} — ${author}` : `Post by ${author}`;
}

/** The parts of `navigator` sharing uses. */
export interface ShareNavigator {
  share?: (data: { text: string }) => Promise<void>;
  clipboard?: Pick<Clipboard, 'writeText'>;
}

/** shared: the share sheet took it; cancelled: the member closed the sheet; copied: on the clipboard. */
export type ShareOutcome = 'shared' | 'cancelled' | 'copied';

export class ShareUnavailableError extends Error {
  constructor() {
    super('Sharing is not available in this browser');
    this.name = 'ShareUnavailableError';
  }
}

/**
 * Shares the post: `navigator.share({ text })` when there is one (a member closing the sheet is not a
 * failure); when there is none, or it refuses (not allowed here), the text goes to the clipboard.
 */
export async function sharePost(
  post: Pick<Post, 'content' | 'user'>,
  nav: ShareNavigator,
): Promise<ShareOutcome> {
  const text = shareTextOf(post);
  if (typeof nav.share === 'function') {
    try {
      await nav.share({ text });
      return 'shared';
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') return 'cancelled';
    }
  }
  if (!nav.clipboard) throw new ShareUnavailableError();
  await nav.clipboard.writeText(text);
  return 'copied';
}
