// Post text with clickable #tags (a tag opens Explore searching it) and @mentions of members (a mention
// opens the member's profile).
import { useAppDialogs } from '../../../app/dialogs';
import { useOpenMember } from '../../members';
import { splitPostText, tagSearchText, type MentionedMember } from '../post-text';
import styles from './PostText.module.css';

export interface PostTextProps {
  content: string;
  /** The members the text mentions, as the server resolved them (others stay plain text). */
  mentioned?: readonly MentionedMember[];
  className?: string;
}

export function PostText({ content, mentioned = [], className }: PostTextProps) {
  const { openDialog } = useAppDialogs();
  const openMember = useOpenMember();
  if (!content) return null;
  return (
    <p className={`${styles.text} ${className ?? ''}`}>
      {splitPostText(content, mentioned).map((segment, index) =>
        segment.kind === 'text' ? (
          <span key={index}>{segment.text}</span>
        ) : segment.kind === 'tag' ? (
          <button
            key={index}
            type="button"
            className={styles.tag}
            onClick={() => openDialog('explore', { query: tagSearchText(segment.tag) })}
            aria-label={`Search ${segment.text}`}
          >
            {segment.text}
          </button>
        ) : (
          <button
            key={index}
            type="button"
            className={styles.tag}
            onClick={() => openMember(segment.member.id)}
            aria-label={`Open @${segment.member.username}'s profile`}
          >
            {segment.text}
          </button>
        ),
      )}
    </p>
  );
}
