// The chat header's search (issue 23): the conversation's messages containing the text, newest first;
// picking one scrolls to it when the chat has it loaded, and says so otherwise.
import { useState } from 'react';
import { focusOnMount } from '../../../ui/focus-on-mount';
import { messageTime } from '../messaging';
import { MIN_SEARCH_LENGTH, useMessageSearch } from '../hooks/useMessageSearch';
import styles from './Messaging.module.css';

export function MessageSearch({
  conversationId,
  onPick,
  onClose,
}: {
  conversationId: string;
  /** Scrolls to the message; false when it is not loaded. */
  onPick: (messageId: string) => boolean;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const search = useMessageSearch(conversationId, text);
  const results = search.data ?? [];
  return (
    <div role="search" aria-label="Search this conversation">
      <div className={styles.searchBar}>
        <input
          type="search"
          className="input"
          placeholder="Search messages…"
          aria-label="Search messages"
          value={text}
          ref={focusOnMount}
          onChange={(event) => {
            setText(event.target.value);
            setNote(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onClose();
          }}
        />
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Close
        </button>
      </div>
      {[...text.trim()].length > 0 && [...text.trim()].length < MIN_SEARCH_LENGTH ? (
        <p className={styles.searchNote}>Type at least {MIN_SEARCH_LENGTH} characters.</p>
      ) : search.enabled && search.isError ? (
        <p className={styles.searchNote} role="alert">
          The search failed. Please try again.
        </p>
      ) : search.enabled && search.isSuccess && results.length === 0 ? (
        <p className={styles.searchNote} role="status">
          No messages contain “{search.q}”.
        </p>
      ) : null}
      {search.enabled && results.length > 0 ? (
        <ul className={styles.searchResults} aria-label="Search results">
          {results.map((message) => (
            <li key={message.id}>
              <button
                type="button"
                onClick={() =>
                  setNote(onPick(message.id) ? null : 'That message is further back than this chat shows.')
                }
              >
                <strong>{message.sender.display_name}</strong> · {messageTime(message.created_at)}
                <br />
                {message.content}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {note ? (
        <p className={styles.searchNote} role="status">
          {note}
        </p>
      ) : null}
    </div>
  );
}
