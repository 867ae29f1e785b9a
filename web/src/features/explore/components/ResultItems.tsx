// One search result: a member (opens their profile), a post or story, tag chips.
import { Avatar } from '../../../ui/Avatar';
import { Icon } from '../../../ui/icons';
import { SuperAuraBadge } from '../../../ui/SuperAuraBadge';
import { cutText, plural, timeAgo } from '../../../ui/text';
import { exploreAuraColor } from '../../aura';
import { useOpenMember } from '../../members';
import { AuthorButton } from '../../posts';
import { PostText } from '../../posts';
import type { Post } from '../../posts';
import { STORY_PREVIEW_MAX } from '../../stories';
import { BIO_PREVIEW_MAX } from '../explore';
import type { SearchUser, TagCount } from '../types';
import styles from './Explore.module.css';

/** The aura score, coloured by the explore thresholds (700, 400, 200; spec 000 §9). */
export function AuraScore({ score }: { score: number }) {
  return (
    <span className={styles.aura} data-color={exploreAuraColor(score)} title={`Aura ${score} of 1000`}>
      <Icon name="sparkle" size={12} />
      {score}
    </span>
  );
}

export function UserResult({ user }: { user: SearchUser }) {
  const openMember = useOpenMember();
  return (
    <button
      type="button"
      className={styles.user}
      onClick={() => openMember(user.id)}
      aria-label={`${user.display_name} @${user.username}, view profile`}
    >
      <Avatar username={user.username} src={user.profile_picture} size="md" auraScore={user.aura_score} />
      <span className={styles.userText}>
        <span className={styles.userName}>
          {user.display_name}
          {user.is_super_aura ? <SuperAuraBadge compact /> : null}
        </span>
        <span className={styles.userHandle}>@{user.username}</span>
        {user.bio ? <span className={styles.bio}>{cutText(user.bio, BIO_PREVIEW_MAX)}</span> : null}
      </span>
      <AuraScore score={user.aura_score} />
    </button>
  );
}

export function PostResult({ post }: { post: Post }) {
  return (
    <article
      className={styles.post}
      aria-label={`${post.is_story ? 'Story' : 'Post'} by ${post.user.display_name}`}
    >
      <div className={styles.postHead}>
        <AuthorButton user={post.user} size="sm" />
        <time className={styles.time} dateTime={post.created_at}>
          {timeAgo(post.created_at)}
        </time>
      </div>
      {post.is_story ? (
        <p className={styles.postText}>{cutText(post.content, STORY_PREVIEW_MAX)}</p>
      ) : (
        <PostText content={post.content} mentioned={post.mentioned_users} className={styles.postText} />
      )}
      {post.is_story ? null : (
        <p className={styles.postStats}>
          <span>
            <Icon name="heart" size={14} /> {plural(post.likes_count, 'like')}
          </span>
          <span>
            <Icon name="comment" size={14} /> {plural(post.comments_count, 'comment')}
          </span>
          {post.category ? <span className={styles.postCategory}>{post.category}</span> : null}
        </p>
      )}
    </article>
  );
}

export function TagChips({ tags, onTag }: { tags: readonly TagCount[]; onTag: (tag: string) => void }) {
  return (
    <ul className={styles.tags}>
      {tags.map((tag) => (
        <li key={tag.tag}>
          <button
            type="button"
            className={styles.tag}
            onClick={() => onTag(tag.tag)}
            aria-label={`Search #${tag.tag}, ${plural(tag.count, 'use')}`}
          >
            <span>#{tag.tag}</span>
            <span className={styles.tagCount}>{tag.count}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
