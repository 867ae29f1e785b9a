// The conversation list (spec 000 §2): search by username or display name, online dot, unread badge,
// last message cut at 50 characters, and its time.
import { useState } from 'react';
import { Avatar } from '../../../ui/Avatar';
import { EmptyState } from '../../../ui/EmptyState';
import { Skeleton } from '../../../ui/Skeleton';
import { filterConversations, isOnline, lastMessagePreview, messageTime, MessagingTexts } from '../messaging';
import { useRealtime } from '../realtime/realtime-context';
import type { Conversation } from '../types';
import styles from './Messaging.module.css';

export interface ConversationListProps {
  conversations: Conversation[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  selectedId: string | null;
  onSelect: (conversation: Conversation) => void;
}

export function ConversationList(props: ConversationListProps) {
  const { conversations, isLoading, isError, onRetry, selectedId, onSelect } = props;
  const [query, setQuery] = useState('');
  const { presence } = useRealtime();
  const shown = filterConversations(conversations ?? [], query);

  return (
    <section className={styles.list} aria-label="Conversations">
      <div className={styles.listSearch}>
        <input
          type="search"
          className={styles.searchInput}
          placeholder="Search conversations"
          aria-label="Search conversations"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      {isLoading ? (
        <div className={styles.listSkeleton} role="status" aria-label="Loading conversations">
          {[0, 1, 2].map((n) => (
            <div key={n} className={styles.skeletonRow}>
              <Skeleton width={40} height={40} round />
              <div className={styles.skeletonLines}>
                <Skeleton width="60%" height={12} />
                <Skeleton width="85%" height={10} />
              </div>
            </div>
          ))}
        </div>
      ) : shown.length === 0 ? (
        <div className={styles.listEmpty}>
          <EmptyState icon="messages" title={MessagingTexts.noConversations}>
            {query.trim() ? 'No conversation matches your search.' : null}
          </EmptyState>
          {isError ? (
            <button type="button" className="btn btn-ghost" onClick={onRetry}>
              Try again
            </button>
          ) : null}
        </div>
      ) : (
        <ul className={styles.items}>
          {shown.map((conversation) => {
            const other = conversation.other_participant;
            const online = isOnline(presence, other.id, other.is_online);
            const preview = lastMessagePreview(conversation.last_message);
            return (
              <li key={conversation.id}>
                <button
                  type="button"
                  className={styles.item}
                  aria-current={conversation.id === selectedId ? 'true' : undefined}
                  onClick={() => onSelect(conversation)}
                  data-conversation={other.username}
                >
                  <span className={styles.avatarWrap}>
                    <Avatar
                      username={other.username}
                      src={other.profile_picture}
                      auraScore={other.aura_score}
                    />
                    {online ? <span className={styles.onlineDot} role="img" aria-label="Online" /> : null}
                  </span>
                  <span className={styles.itemText}>
                    <span className={styles.itemTop}>
                      <span className={styles.itemName}>{other.display_name}</span>
                      <span className={styles.itemTime}>
                        {messageTime(conversation.last_message_time ?? conversation.updated_at)}
                      </span>
                    </span>
                    <span className={styles.itemBottom}>
                      <span className={styles.itemPreview}>{preview || `@${other.username}`}</span>
                      {conversation.unread_count > 0 ? (
                        <span
                          className={styles.unread}
                          aria-label={`${conversation.unread_count} unread`}
                          data-testid="unread-badge"
                        >
                          {conversation.unread_count}
                        </span>
                      ) : null}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
