// Spec 000 §2: an emoji picker of 20 emoji.
import { CHAT_EMOJI } from '../emoji';
import styles from './Messaging.module.css';

export function EmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  return (
    <div className={styles.emojiPicker} role="group" aria-label="Emoji">
      {CHAT_EMOJI.map((emoji) => (
        <button
          key={emoji}
          type="button"
          className={styles.emoji}
          onClick={() => onPick(emoji)}
          aria-label={`Insert ${emoji}`}
        >
          {emoji}
        </button>
      ))}
    </div>
  );
}
