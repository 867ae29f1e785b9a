// The chat pane (spec 000 §2): a header with online, typing and connection indicators, phone and video
// buttons that do nothing, block or unblock; the messages with read ticks, a line for each day, one
// sender's messages grouped with their avatar once, "Seen" on the last read (issue 23); the composer,
// hidden while either member blocks the other. Issue 23 also: reply to a message ("Replying to …" bar),
// reactions, a search of the conversation in the header (a result scrolls to its message), "N new
// messages" at the first unread one when the chat opens (scrolled to), and "Jump to latest" when
// scrolled up.
import { Fragment, useCallback, useEffect, useRef, useState } from 'react';
import { Avatar } from '../../../ui/Avatar';
import { EmptyState } from '../../../ui/EmptyState';
import { Icon } from '../../../ui/icons';
import { Spinner } from '../../../ui/Spinner';
import { useSignedInUser } from '../../auth';
import { useMarkRead, useMessages } from '../hooks/useMessages';
import { useSendMessage } from '../hooks/useSendMessage';
import { useOtherTyping } from '../hooks/useTyping';
import { chatRows } from '../chat-rows';
import { JUMP_TO_LATEST_AFTER_PX, newMessagesLabel, unreadMark, type UnreadMark } from '../chat-extras';
import { useReaction } from '../hooks/useReaction';
import { MessageSearch } from './MessageSearch';
import { isOnline, MessagingTexts } from '../messaging';
import { useRealtime } from '../realtime/realtime-context';
import { CONNECTION_LABELS } from '../realtime/socket-options';
import type { ChatMessage, Conversation } from '../types';
import { Composer } from './Composer';
import { MessageBubble } from './MessageBubble';
import styles from './Messaging.module.css';

export interface ChatPaneProps {
  conversation: Conversation;
  blocked: boolean;
  blockedByMe: boolean;
  blockPending: boolean;
  onBlock: (block: boolean) => void;
  onBack: () => void;
}

export function ChatPane({
  conversation,
  blocked,
  blockedByMe,
  blockPending,
  onBlock,
  onBack,
}: ChatPaneProps) {
  const me = useSignedInUser();
  const other = conversation.other_participant;
  const { presence, status } = useRealtime();
  const messages = useMessages(conversation.id);
  useMarkRead(conversation.id, messages.data, me.id);
  const typing = useOtherTyping(conversation.id, other.id);
  const send = useSendMessage(conversation);
  const online = isOnline(presence, other.id, other.is_online);
  const react = useReaction(conversation.id, me.id);
  const end = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const count = messages.data?.length ?? 0;
  // The newest message (and a sent one once stored, with its attachment) is kept in view.
  const lastId = messages.data?.at(-1)?.id;
  const [replyingTo, setReplyingTo] = useState<ChatMessage | null>(null);
  const [searching, setSearching] = useState(false);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const [scrolledUp, setScrolledUp] = useState(false);
  // What was unread when the chat opened (taken once, before the messages are marked read).
  const [unread, setUnread] = useState<UnreadMark | null | undefined>(undefined);
  if (unread === undefined && messages.data) setUnread(unreadMark(messages.data, me.id) ?? null);

  /** Scrolls to a loaded message and highlights it for a moment; false when it is not loaded. */
  const jumpTo = useCallback((messageId: string) => {
    const target = list.current?.querySelector(`[data-message-id="${CSS.escape(messageId)}"]`);
    if (!target) return false;
    target.scrollIntoView?.({ block: 'center' });
    setHighlighted(messageId);
    return true;
  }, []);

  useEffect(() => {
    if (!highlighted) return undefined;
    const timer = setTimeout(() => setHighlighted(null), 2000);
    return () => clearTimeout(timer);
  }, [highlighted]);

  // On opening: to the first unread message when there is one; then the newest stays in view.
  const opened = useRef(false);
  useEffect(() => {
    if (!lastId) return;
    if (!opened.current && unread) {
      opened.current = true;
      list.current
        ?.querySelector(`[data-message-id="${CSS.escape(unread.firstUnreadId)}"]`)
        ?.scrollIntoView?.({ block: 'start' });
      return;
    }
    opened.current = true;
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [lastId, unread]);

  const onScroll = () => {
    const box = list.current;
    if (box) setScrolledUp(box.scrollHeight - box.scrollTop - box.clientHeight > JUMP_TO_LATEST_AFTER_PX);
  };

  return (
    <section className={styles.chat} aria-label={`Chat with ${other.display_name}`}>
      <header className={styles.chatHeader}>
        <button type="button" className={`icon-btn ${styles.back}`} onClick={onBack} aria-label="Back">
          <Icon name="arrow-left" />
        </button>
        <span className={styles.avatarWrap}>
          <Avatar username={other.username} src={other.profile_picture} auraScore={other.aura_score} />
          {online ? <span className={styles.onlineDot} aria-hidden="true" /> : null}
        </span>
        <div className={styles.chatTitle}>
          <p className={styles.chatName}>{other.display_name}</p>
          <p className={styles.chatStatus} aria-live="polite">
            {typing ? (
              <span className={styles.typing} data-testid="typing-indicator">
                typing…
              </span>
            ) : (
              <span data-testid="presence">{online ? 'Online' : 'Offline'}</span>
            )}
          </p>
        </div>
        <span className={styles.connection} data-status={status} role="status" title="Connection">
          <span className={styles.connectionDot} aria-hidden="true" />
          {CONNECTION_LABELS[status]}
        </span>
        <div className={styles.chatActions}>
          <button
            type="button"
            className="icon-btn"
            aria-label="Search messages"
            aria-expanded={searching}
            title="Search messages"
            onClick={() => setSearching((open) => !open)}
          >
            <Icon name="search" />
          </button>
          <button type="button" className="icon-btn" aria-label="Voice call" title="Voice call">
            <Icon name="phone" />
          </button>
          <button type="button" className="icon-btn" aria-label="Video call" title="Video call">
            <Icon name="video" />
          </button>
          <button
            type="button"
            className={`btn btn-ghost ${styles.blockButton}`}
            onClick={() => onBlock(!blockedByMe)}
            disabled={blockPending}
            aria-busy={blockPending || undefined}
          >
            <Icon name="block" size={16} />
            {blockedByMe ? 'Unblock' : 'Block'}
          </button>
        </div>
      </header>

      {searching ? (
        <MessageSearch conversationId={conversation.id} onPick={jumpTo} onClose={() => setSearching(false)} />
      ) : null}

      <div className={styles.messages} ref={list} onScroll={onScroll}>
        {messages.isPending ? (
          <div className={styles.centered} role="status" aria-label="Loading messages">
            <Spinner />
          </div>
        ) : count === 0 ? (
          <EmptyState icon="messages" title={MessagingTexts.noMessages}>
            {messages.isError ? 'The messages could not be loaded.' : 'Say hello!'}
          </EmptyState>
        ) : (
          <ol className={styles.messageList} aria-label="Messages">
            {chatRows(messages.data!, me.id).map((row) =>
              row.kind === 'day' ? (
                <li key={row.key} className={styles.day}>
                  <span>{row.label}</span>
                </li>
              ) : (
                <Fragment key={row.message.id}>
                  {unread?.firstUnreadId === row.message.id ? (
                    <li className={styles.newMessages} data-testid="new-messages">
                      <span>{newMessagesLabel(unread.count)}</span>
                    </li>
                  ) : null}
                  <MessageBubble
                    message={row.message}
                    myId={me.id}
                    first={row.first}
                    last={row.last}
                    seen={row.seen}
                    highlighted={highlighted === row.message.id}
                    onReply={blocked ? undefined : setReplyingTo}
                    onReact={blocked ? undefined : react}
                    onJumpTo={jumpTo}
                  />
                </Fragment>
              ),
            )}
          </ol>
        )}
        <div ref={end} />
        {scrolledUp ? (
          <button
            type="button"
            className={`btn btn-ghost ${styles.jumpToLatest}`}
            onClick={() => end.current?.scrollIntoView?.({ block: 'end' })}
          >
            Jump to latest ↓
          </button>
        ) : null}
      </div>

      {blocked ? (
        <p className={styles.blockedNote} role="note">
          {blockedByMe ? 'You blocked this member.' : 'You cannot message this user'}
        </p>
      ) : (
        <Composer
          key={conversation.id}
          conversationId={conversation.id}
          onSend={send}
          replyingTo={replyingTo}
          onCancelReply={() => setReplyingTo(null)}
          onRestoreReply={(message) => setReplyingTo((current) => current ?? message)}
        />
      )}
    </section>
  );
}
