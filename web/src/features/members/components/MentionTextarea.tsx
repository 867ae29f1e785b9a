// A text area that suggests members while an @name is written (issue 23): up to 5 whose name starts with
// it, in a list under the text. Arrow keys move, Enter or Tab chooses, Escape closes the list; a click
// chooses too. The text area is the combobox (aria-autocomplete "list"); the list its popup.
import { useId, useRef, useState, type KeyboardEvent, type Ref, type TextareaHTMLAttributes } from 'react';
import { Avatar } from '../../../ui/Avatar';
import { useMentionSuggestions } from '../hooks/useMentionSuggestions';
import { activeMention, applyMention, type ActiveMention } from '../mention-query';
import styles from './MentionTextarea.module.css';

export interface MentionTextareaProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'value' | 'onChange'
> {
  value: string;
  onValueChange: (value: string) => void;
  ref?: Ref<HTMLTextAreaElement>;
}

export function MentionTextarea({ value, onValueChange, onKeyDown, ref, ...props }: MentionTextareaProps) {
  const own = useRef<HTMLTextAreaElement | null>(null);
  const [mention, setMention] = useState<ActiveMention | null>(null);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [highlight, setHighlight] = useState(0);
  const listId = useId();
  const open = mention !== null && dismissed !== mention.start;
  const members = useMentionSuggestions(open ? mention.query : null);
  const showList = open && members.length > 0;
  const active = showList ? Math.min(highlight, members.length - 1) : -1;

  const setRefs = (element: HTMLTextAreaElement | null) => {
    own.current = element;
    if (typeof ref === 'function') ref(element);
    else if (ref) ref.current = element;
  };

  const track = (text: string, caret: number) => {
    const next = activeMention(text, caret);
    setMention(next);
    if (next?.start !== mention?.start) setHighlight(0);
    if (next === null) setDismissed(null);
  };

  const choose = (username: string) => {
    if (!mention) return;
    const result = applyMention(value, mention, username);
    onValueChange(result.text);
    setMention(null);
    requestAnimationFrame(() => {
      own.current?.focus();
      own.current?.setSelectionRange(result.caret, result.caret);
    });
  };

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (showList) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setHighlight((active + step + members.length) % members.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        choose(members[active]!.username);
        return;
      }
      if (event.key === 'Escape') {
        // The list's Escape, not the form's or the dialog's.
        event.preventDefault();
        event.stopPropagation();
        setDismissed(mention!.start);
        return;
      }
    }
    onKeyDown?.(event);
  };

  return (
    <div className={styles.wrap}>
      <textarea
        {...props}
        ref={setRefs}
        value={value}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={showList ? listId : undefined}
        aria-activedescendant={showList ? `${listId}-${active}` : undefined}
        onChange={(event) => {
          onValueChange(event.target.value);
          track(event.target.value, event.target.selectionStart);
        }}
        onSelect={(event) => track(event.currentTarget.value, event.currentTarget.selectionStart)}
        onKeyDown={keyDown}
        onBlur={(event) => {
          props.onBlur?.(event);
          // A click on a suggestion lands first (mouse down keeps the focus here).
          setMention(null);
        }}
      />
      {showList ? (
        <ul id={listId} className={styles.list} role="listbox" aria-label="Mention a member">
          {members.map((member, index) => (
            <li
              key={member.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={styles.option}
              onMouseDown={(event) => {
                event.preventDefault();
                choose(member.username);
              }}
              onMouseEnter={() => setHighlight(index)}
            >
              <Avatar username={member.username} src={member.profile_picture} size="sm" />
              <span className={styles.names}>
                <span className={styles.display}>{member.display_name || member.username}</span>
                <span className={styles.username}>@{member.username}</span>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
