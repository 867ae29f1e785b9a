// How an author is named on screen. Pure module.
import type { PostAuthor } from './types';

/** Shown while a new member's name has not reached the social service yet (its projection lags a little). */
export const UNNAMED_MEMBER = 'Aura member';

export const authorName = (user: Pick<PostAuthor, 'display_name' | 'username'>) =>
  user.display_name || user.username || UNNAMED_MEMBER;
