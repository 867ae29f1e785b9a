// One message: its text (lines kept), its attachment, its time and, for the member's own messages, the
// read tick (spec 000 §4: a clock when unread, a double tick when read). A message a moderator removed
// says so instead of its content. The other member's messages have a "⋯" menu to report them. In a group
// of one sender's messages (issue 23) the other member's avatar shows by the last one, and the member's
// own last read message says "Seen". A message can be answered (Reply) and reacted to (a row of 6
// emoji, counts under the bubble, the member's own highlighted); a reply shows its quote, which scrolls
// to the quoted message when it is loaded; a story reply shows the story it answers.
import { useState } from 'react';
import { MediaDisplay } from '../../media';
import { ReportMenu } from '../../moderation';
import { messageTime, REMOVED_MESSAGE_TEXT, tickState } from '../messaging';
import {
  canToggleReaction,
  REACTION_EMOJI,
  reactedWith,
  type ReactionEmoji,
  UNAVAILABLE_QUOTE_TEXT,
} from '../chat-extras';
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
  /** Just jumped to (a search result, a quote): outlined for a moment. */
  highlighted?: boolean;
  onReply?: (message: ChatMessage) => void;
  onReact?: (message: ChatMessage, emoji: ReactionEmoji) => void;
  /** Scrolls to a quoted message (false when it is not loaded). */
  onJumpTo?: (messageId: string) => boolean;
}

export function MessageBubble({
  message,
  myId,
  first = true,
  last = true,
  seen = false,
  highlighted = false,
  onReply,
  onReact,
  onJumpTo,
}: MessageBubbleProps) {
  const mine = message.sender.id === myId;
  const tick = tickState(message, myId);
  const removed = Boolean(message.removed);
  const stored = !('pending' in message);
  const reportable = !mine && !removed && stored;
  const actionable = !removed && stored;
  const [picking, setPicking] = useState(false);
  const [quoteMissing, setQuoteMissing] = useState(false);
  const when = messageTime(message.created_at);
  const quote = message.reply_to;
  const reactions = message.reactions ?? [];
  return (
    <li
      className={`${styles.message} ${mine ? styles.mine : styles.theirs} ${highlighted ? styles.highlight : ''}`}
      data-message-id={message.id}
      data-first={first || undefined}
      data-highlighted={highlighted || undefined}
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
      <div className={styles.bubbleColumn}>
        <div className={styles.bubble} data-removed={removed || undefined}>
          {message.story ? (
            <div className={styles.storyQuote} data-testid="story-quote">
              {message.story.media_url && message.story.media_type === 'image' ? (
                <img src={message.story.media_url} alt="" className={styles.storyThumb} />
              ) : null}
              <span>
                <span className={styles.quoteName}>
                  {mine ? 'You replied to their story' : 'Replied to your story'}
                </span>
                {message.story.excerpt ? (
                  <span className={styles.quoteText}>{message.story.excerpt}</span>
                ) : null}
              </span>
            </div>
          ) : null}
          {quote ? (
            <button
              type="button"
              className={styles.quote}
              data-testid="message-quote"
              data-unavailable={quote.unavailable || undefined}
              onClick={() => setQuoteMissing(!(onJumpTo?.(quote.message_id) ?? false))}
              aria-label={`Quoted message from ${quote.sender_name}; show it`}
            >
              <span className={styles.quoteName}>{quote.sender_name}</span>
              <span className={styles.quoteText}>
                {quote.unavailable ? UNAVAILABLE_QUOTE_TEXT : quote.excerpt || quote.message_type}
              </span>
              {quoteMissing ? (
                <span className={styles.quoteNote}>Further back than this chat shows</span>
              ) : null}
            </button>
          ) : null}
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
        {reactions.length > 0 ? (
          <ul className={styles.reactions} aria-label="Reactions">
            {reactions.map((reaction) => {
              const own = reaction.user_ids.includes(myId);
              return (
                <li key={reaction.emoji}>
                  <button
                    type="button"
                    className={styles.reaction}
                    aria-pressed={own}
                    disabled={!actionable}
                    onClick={() => onReact?.(message, reaction.emoji as ReactionEmoji)}
                    aria-label={`${reaction.emoji} ${reaction.count}${own ? ', yours: take it back' : ''}`}
                  >
                    <span aria-hidden="true">{reaction.emoji}</span>
                    <span>{reaction.count}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        ) : null}
        {picking ? (
          <div className={styles.reactionPicker} role="group" aria-label="React with">
            {REACTION_EMOJI.map((emoji) => (
              <button
                key={emoji}
                type="button"
                className={styles.reactionChoice}
                aria-pressed={reactedWith(message, emoji, myId)}
                disabled={!canToggleReaction(message, emoji, myId)}
                onClick={() => {
                  setPicking(false);
                  onReact?.(message, emoji);
                }}
                aria-label={`React with ${emoji}`}
              >
                {emoji}
              </button>
            ))}
          </div>
        ) : null}
      </div>
      {actionable && (onReply || onReact) ? (
        <div className={styles.messageActions}>
          {onReply ? (
            <button
              type="button"
              className="icon-btn"
              onClick={() => onReply(message)}
              aria-label={`Reply to the message sent at ${when}`}
              title="Reply"
            >
              <Icon name="undo" size={16} />
            </button>
          ) : null}
          {onReact ? (
            <button
              type="button"
              className="icon-btn"
              onClick={() => setPicking((open) => !open)}
              aria-expanded={picking}
              aria-label={`React to the message sent at ${when}`}
              title="React"
            >
              <Icon name="smile" size={16} />
            </button>
          ) : null}
        </div>
      ) : null}
      {reportable ? (
        <ReportMenu
          className={styles.messageMenu}
          target={{
            targetType: 'message',
            targetId: message.id,
            about: `a message from ${message.sender.display_name || `@${message.sender.username}`}`,
          }}
          label={`More options for the message sent at ${when}`}
        />
      ) : null}
    </li>
  );
}
