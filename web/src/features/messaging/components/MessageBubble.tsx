// One message: its text (lines kept), its attachment, its time and, for the member's own messages, the
// read tick (spec 000 §4: a clock when unread, a double tick when read).
import { MediaDisplay } from '../../media';
import { messageTime, tickState } from '../messaging';
import type { ChatMessage } from '../types';
import { Icon } from '../../../ui/icons';
import styles from './Messaging.module.css';

export function MessageBubble({ message, myId }: { message: ChatMessage; myId: string }) {
  const mine = message.sender.id === myId;
  const tick = tickState(message, myId);
  return (
    <li className={`${styles.message} ${mine ? styles.mine : styles.theirs}`} data-message-id={message.id}>
      <div className={styles.bubble}>
        {message.media_url ? (
          <div className={styles.attachment}>
            <MediaDisplay url={message.media_url} type={message.message_type} alt="Attachment" />
          </div>
        ) : null}
        {message.content ? <p className={styles.messageText}>{message.content}</p> : null}
        <span className={styles.meta}>
          <time dateTime={message.created_at}>{messageTime(message.created_at)}</time>
          {tick === 'clock' ? (
            <span className={styles.tick} data-tick="clock" role="img" aria-label="Sent, not read yet">
              <Icon name="clock" size={14} />
            </span>
          ) : null}
          {tick === 'read' ? (
            <span className={`${styles.tick} ${styles.read}`} data-tick="read" role="img" aria-label="Read">
              <Icon name="double-tick" size={16} />
            </span>
          ) : null}
        </span>
      </div>
    </li>
  );
}
