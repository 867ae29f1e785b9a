// Post text with clickable #tags (a tag opens Explore searching it).
import { useAppDialogs } from '../../../app/dialogs';
import { splitTags, tagSearchText } from '../post-text';
import styles from './PostText.module.css';

export function PostText({ content, className }: { content: string; className?: string }) {
  const { openDialog } = useAppDialogs();
  if (!content) return null;
  return (
    <p className={`${styles.text} ${className ?? ''}`}>
      {splitTags(content).map((segment, index) =>
        segment.kind === 'text' ? (
          <span key={index}>{segment.text}</span>
        ) : (
          <button
            key={index}
            type="button"
            className={styles.tag}
            onClick={() => openDialog('explore', { query: tagSearchText(segment.tag) })}
            aria-label={`Search ${segment.text}`}
          >
            {segment.text}
          </button>
        ),
      )}
    </p>
  );
}
