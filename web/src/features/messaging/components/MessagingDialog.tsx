// The messaging dialog ('messages'; spec 000 §2 "Messaging dialog"): the conversation list beside the
// chat pane. Opened with {userId} (a member profile's Message button) it opens that conversation,
// creating it when needed (GET /api/conversations/{userId}).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { queryKeys } from '../../../api/query-keys';
import type { DialogContentProps } from '../../../app/dialogs';
import { EmptyState } from '../../../ui/EmptyState';
import { Spinner } from '../../../ui/Spinner';
import { showToast } from '../../../ui/toast';
import { messagingApi } from '../api';
import { useBlockedIds, useSetBlocked } from '../hooks/useBlocks';
import { useConversations, useUpsertConversation } from '../hooks/useConversations';
import { useLiveMessages } from '../hooks/useMessages';
import { isChatBlocked, MessagingTexts } from '../messaging';
import type { Conversation } from '../types';
import { ChatPane } from './ChatPane';
import { ConversationList } from './ConversationList';
import styles from './Messaging.module.css';

export function MessagingDialog({ props }: DialogContentProps) {
  const withUserId = typeof props?.userId === 'string' ? props.userId : null;
  const queryClient = useQueryClient();
  const conversations = useConversations();
  const upsert = useUpsertConversation();
  useLiveMessages();
  const blockedIds = useBlockedIds();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  /** A conversation opened here that the cached list may not hold yet. */
  const [opened, setOpened] = useState<Conversation | null>(null);
  const [opening, setOpening] = useState(withUserId !== null);
  /** Members unblocked here: their conversation's is_blocked may lag a moment behind. */
  const [unblockedHere, setUnblockedHere] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    if (!withUserId) return;
    let cancelled = false;
    messagingApi.open(withUserId).then(
      ({ conversation }) => {
        if (cancelled) return;
        upsert(conversation);
        setOpened(conversation);
        setSelectedId(conversation.id);
        setOpening(false);
      },
      (error: unknown) => {
        if (cancelled) return;
        console.warn('conversations: could not open', error);
        showToast(error instanceof Error ? error.message : MessagingTexts.sendFailed, 'error');
        setOpening(false);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [withUserId, upsert]);

  const blocks = useSetBlocked((userId, blocked) => {
    setUnblockedHere((current) => {
      const next = new Set(current);
      if (blocked) next.delete(userId);
      else next.add(userId);
      return next;
    });
    // Spec 000 §4: blocking closes the open conversation and clears its messages.
    if (!blocked) return;
    const closing = (conversations.data ?? []).find((item) => item.other_participant.id === userId);
    if (closing) queryClient.removeQueries({ queryKey: queryKeys.conversationMessages(closing.id) });
    setSelectedId(null);
  });

  const selected =
    (conversations.data ?? []).find((item) => item.id === selectedId) ??
    (opened?.id === selectedId ? opened : null);

  return (
    <div className={styles.dialog} data-has-selection={selected ? 'true' : 'false'}>
      <ConversationList
        conversations={conversations.data}
        isLoading={conversations.isPending}
        isError={conversations.isError}
        onRetry={() => void conversations.refetch()}
        selectedId={selectedId}
        onSelect={(conversation) => setSelectedId(conversation.id)}
      />
      {selected ? (
        <ChatPane
          key={selected.id}
          conversation={selected}
          blocked={isChatBlocked(
            selected,
            blockedIds.has(selected.other_participant.id),
            unblockedHere.has(selected.other_participant.id),
          )}
          blockedByMe={blockedIds.has(selected.other_participant.id)}
          blockPending={blocks.isPending}
          onBlock={(block) => blocks.setBlocked(selected.other_participant.id, block)}
          onBack={() => setSelectedId(null)}
        />
      ) : (
        <section className={styles.placeholder} aria-label="Chat">
          {opening ? (
            <Spinner />
          ) : (
            <EmptyState icon="messages" title={MessagingTexts.selectConversation}>
              Pick someone on the left to start chatting.
            </EmptyState>
          )}
        </section>
      )}
    </div>
  );
}
