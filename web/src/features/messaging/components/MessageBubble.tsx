// One message: its text (lines kept), its attachment, its time and, for the member's own messages, the
// read tick (spec 000 §4: a clock when unread, a double tick when read). A message a moderator removed
// says so instead of its content. The other member's messages have a "⋯" menu to report them. In a group
// of one sender's messages (issue 23) the other member's avatar shows by the last one, and the member's
// own last read message says "Seen".
import { MediaDisplay } from '../../media';
import { ReportMenu } from '../../moderation/components/ReportMenu';
import { messageTime, REMOVED_MESSAGE_TEXT, tickState } from '../messaging';
import type { ChatMessage } from '../types';
import { Avatar } from '../../../ui/Avatar';
import { Icon } from '../../../ui/icons';
import styles from './Messaging.module.css';

export interface MessageBubbleProps {
  message: ChatMessage;
  myId: string;
  /** First and last of its sender's group (chat-rows). */
  first?: boolean;
  last?: boolean;
  /** The member's own last read message. */
  seen?: boolean;
}

export function MessageBubble({
  message,
  myId,
  first = true,
  last = true,
  seen = false,
}: MessageBubbleProps) {
  const mine = message.sender.id === myId;
  const tick = tickState(message, myId);
  const removed = Boolean(message.removed);
  const reportable = !mine && !removed && !('pending' in message);
  return (
    <li
      className={`${styles.message} ${mine ? styles.mine : styles.theirs}`}
      data-message-id={message.id}
      data-first={first || undefined}
      data-last={last || undefined}
    >
      {mine ? null : last ? (
        <span className={styles.senderAvatar}>
          <Avatar
            username={message.sender.username}
            src={message.sender.profile_picture}
            auraScore={message.sender.aura_score}
            size="sm"
          />
        </span>
      ) : (
        <span className={styles.senderAvatar} aria-hidden="true" />
      )}
      <div className={styles.bubble} data-removed={removed || undefined}>
        {removed ? <p className={styles.removedText}>{REMOVED_MESSAGE_TEXT}</p> : null}
        {!removed && message.media_url ? (
          <div className={styles.attachment}>
            <MediaDisplay url={message.media_url} type={message.message_type} alt="Attachment" />
          </div>
        ) : null}
        {!removed && message.content ? <p className={styles.messageText}>{message.content}</p> : null}
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
          {seen ? <span className={styles.seen}>Seen</span> : null}
        </span>
      </div>
      {reportable ? (
        <ReportMenu
          className={styles.messageMenu}
          target={{
            targetType: 'message',
            targetId: message.id,
            about: `a message from ${message.sender.display_name || `@${message.sender.username}`}`,
          }}
          label={`More options for the message sent at ${messageTime(message.created_at)}`}
        />
      ) : null}
    </li>
  );
}
