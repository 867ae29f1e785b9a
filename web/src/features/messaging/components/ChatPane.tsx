// The chat pane (spec 000 §2): a header with online, typing and connection indicators, phone and video
// buttons that do nothing, block or unblock; the messages with read ticks, a line for each day, one
// sender's messages grouped with their avatar once, "Seen" on the last read (issue 23); the composer,
// hidden while either member blocks the other.
import { useEffect, useRef } from 'react';
import { Avatar } from '../../../ui/Avatar';
import { EmptyState } from '../../../ui/EmptyState';
import { Icon } from '../../../ui/icons';
import { Spinner } from '../../../ui/Spinner';
import { useSignedInUser } from '../../auth/hooks';
import { useMarkRead, useMessages } from '../hooks/useMessages';
import { useSendMessage } from '../hooks/useSendMessage';
import { useOtherTyping } from '../hooks/useTyping';
import { chatRows } from '../chat-rows';
import { isOnline, MessagingTexts } from '../messaging';
import { useRealtime } from '../realtime/realtime-context';
import { CONNECTION_LABELS } from '../realtime/socket-options';
import type { Conversation } from '../types';
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
  const end = useRef<HTMLDivElement>(null);
  const count = messages.data?.length ?? 0;
  // The newest message (and a sent one once stored, with its attachment) is kept in view.
  const lastId = messages.data?.at(-1)?.id;

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [lastId]);

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

      <div className={styles.messages}>
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
                <MessageBubble
                  key={row.message.id}
                  message={row.message}
                  myId={me.id}
                  first={row.first}
                  last={row.last}
                  seen={row.seen}
                />
              ),
            )}
          </ol>
        )}
        <div ref={end} />
      </div>

      {blocked ? (
        <p className={styles.blockedNote} role="note">
          {blockedByMe ? 'You blocked this member.' : 'You cannot message this user'}
        </p>
      ) : (
        <Composer key={conversation.id} conversationId={conversation.id} onSend={send} />
      )}
    </section>
  );
}
