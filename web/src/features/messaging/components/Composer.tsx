// The composer (spec 000 §2, §4, §5): Enter sends and Shift+Enter adds a line; sendable with trimmed
// text or an attached file (image, video or audio); the emoji picker; typing_start on the first
// keystroke, typing_stop after 2 s idle, on blur, on empty input and on send. A "Replying to …" bar
// (issue 23) while the member answers a message, with a cancel button; the reply goes with the send.
import { useLayoutEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { kindOfFile } from '../../../api/media-types';
import { quoteText } from '../chat-extras';
import { insertAt } from '../emoji';
import { canSend } from '../messaging';
import { useTypingEmitter } from '../hooks/useTyping';
import type { Outgoing } from '../hooks/useSendMessage';
import type { Message } from '../types';
import { Icon } from '../../../ui/icons';
import { EmojiPicker } from './EmojiPicker';
import styles from './Messaging.module.css';

/** Spec 000 §5: attachments accept image, video or audio. */
const ATTACHMENT_ACCEPT = 'image/*,video/*,audio/*';

export function Composer({
  conversationId,
  onSend,
  replyingTo = null,
  onCancelReply,
  onRestoreReply,
}: {
  conversationId: string;
  onSend: (outgoing: Outgoing) => Promise<boolean>;
  replyingTo?: Message | null;
  onCancelReply?: () => void;
  /** A refused reply: its "Replying to" bar comes back with the text. */
  onRestoreReply?: (message: Message) => void;
}) {
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [emojiOpen, setEmojiOpen] = useState(false);
  const typing = useTypingEmitter(conversationId);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const sendable = canSend(text, file !== null);

  const change = (next: string) => {
    setText(next);
    typing.input(next);
  };

  const send = () => {
    if (!sendable) return;
    const outgoing = { text: text.trim(), file, replyTo: replyingTo };
    typing.stop();
    onCancelReply?.();
    setText('');
    setFile(null);
    setEmojiOpen(false);
    void onSend(outgoing).then((sent) => {
      // A refused message comes back into the composer (with what it replied to), unless something new
      // was typed or picked meanwhile.
      if (!sent) {
        setText((current) => (current === '' ? outgoing.text : current));
        setFile((current) => current ?? outgoing.file);
        if (outgoing.replyTo) onRestoreReply?.(outgoing.replyTo);
      }
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    } else if (event.key === 'Escape' && replyingTo) {
      event.preventDefault();
      onCancelReply?.();
    }
  };

  const onPicked = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!picked) return;
    if (!kindOfFile(picked)) {
      setFileError('Unsupported media type');
      return;
    }
    setFileError(null);
    setFile(picked);
  };

  // Where the caret goes after an emoji is inserted: set as soon as the new text is in the DOM, before
  // any further keystroke is handled (a deferred frame could land after the member typed on).
  const caretAfterEmoji = useRef<number | null>(null);
  useLayoutEffect(() => {
    const caret = caretAfterEmoji.current;
    if (caret === null) return;
    caretAfterEmoji.current = null;
    textarea.current?.focus();
    textarea.current?.setSelectionRange(caret, caret);
  }, [text]);

  const pickEmoji = (emoji: string) => {
    const caret = textarea.current?.selectionStart;
    const next = insertAt(text, emoji, caret);
    caretAfterEmoji.current = next.caret;
    change(next.text);
  };

  useLayoutEffect(() => {
    if (replyingTo) textarea.current?.focus();
  }, [replyingTo]);

  return (
    <div className={styles.composer}>
      {replyingTo ? (
        <div className={styles.replyBar} role="status" aria-label="Replying">
          <Icon name="undo" size={16} />
          <p>
            Replying to <strong>{replyingTo.sender.display_name}</strong>: {quoteText(replyingTo)}
          </p>
          <button type="button" className="icon-btn" onClick={onCancelReply} aria-label="Cancel reply">
            ×
          </button>
        </div>
      ) : null}
      {emojiOpen ? <EmojiPicker onPick={pickEmoji} /> : null}
      {file ? (
        <div className={styles.attached}>
          <span className={styles.attachedName}>{file.name}</span>
          <button
            type="button"
            className="icon-btn"
            onClick={() => setFile(null)}
            aria-label="Remove attachment"
          >
            ×
          </button>
        </div>
      ) : null}
      {fileError ? (
        <p className={styles.composerError} role="alert">
          {fileError}
        </p>
      ) : null}
      <div className={styles.composerRow}>
        <input
          ref={fileInput}
          type="file"
          accept={ATTACHMENT_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label="Attachment file"
          onChange={onPicked}
        />
        <button
          type="button"
          className="icon-btn"
          onClick={() => fileInput.current?.click()}
          aria-label="Attach a file"
          title="Attach a file"
        >
          <Icon name="paperclip" />
        </button>
        <button
          type="button"
          className="icon-btn"
          onClick={() => setEmojiOpen((open) => !open)}
          aria-label="Emoji"
          aria-expanded={emojiOpen}
          title="Emoji"
        >
          <Icon name="smile" />
        </button>
        <textarea
          ref={textarea}
          className={styles.input}
          rows={1}
          placeholder="Type a message…"
          aria-label="Message"
          value={text}
          onChange={(event) => change(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => typing.stop()}
        />
        <button
          type="button"
          className={`btn btn-primary ${styles.send}`}
          onClick={send}
          disabled={!sendable}
          aria-label="Send"
        >
          Send
        </button>
      </div>
    </div>
  );
}
