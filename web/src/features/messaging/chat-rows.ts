// How a conversation reads (issue 23, chat): a date line where the day changes, messages of one sender in
// a row grouped (within 5 minutes, the same day), the other member's avatar once per group, and "Seen"
// under the member's own last message the other has read. Pure module.
import type { ChatMessage } from './types';

export const GROUP_GAP_MS = 5 * 60_000;

export type ChatRow =
  | { kind: 'day'; key: string; label: string }
  | {
      kind: 'message';
      message: ChatMessage;
      /** First of its sender's group (the group's top bubble). */
      first: boolean;
      /** Last of its group: where the avatar and the time go. */
      last: boolean;
      /** The member's own last read message. */
      seen: boolean;
    };

const dayKey = (date: Date) => `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;

/** "Today", "Yesterday", or "Mon 24 Nov" (with the year when it is not this year), in local time. */
export function dayLabel(iso: string, now: number = Date.now()): string {
  const date = new Date(iso);
  const today = new Date(now);
  if (dayKey(date) === dayKey(today)) return 'Today';
  const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
  if (dayKey(date) === dayKey(yesterday)) return 'Yesterday';
  const part = (options: Intl.DateTimeFormatOptions) => date.toLocaleDateString('en-GB', options);
  const label = `${part({ weekday: 'short' })} ${date.getDate()} ${part({ month: 'short' })}`;
  return date.getFullYear() === today.getFullYear() ? label : `${label} ${date.getFullYear()}`;
}

/** The rows of a conversation, oldest first as the messages come. */
export function chatRows(
  messages: readonly ChatMessage[],
  myId: string,
  now: number = Date.now(),
): ChatRow[] {
  let lastSeen = -1;
  messages.forEach((message, index) => {
    if (message.sender.id === myId && message.is_read) lastSeen = index;
  });
  const rows: ChatRow[] = [];
  messages.forEach((message, index) => {
    const at = new Date(message.created_at);
    const before = messages[index - 1];
    const after = messages[index + 1];
    const newDay = !before || dayKey(new Date(before.created_at)) !== dayKey(at);
    if (newDay)
      rows.push({ kind: 'day', key: `day-${dayKey(at)}`, label: dayLabel(message.created_at, now) });
    const joins = (a: ChatMessage | undefined, b: ChatMessage | undefined) =>
      Boolean(a && b) &&
      a!.sender.id === b!.sender.id &&
      dayKey(new Date(a!.created_at)) === dayKey(new Date(b!.created_at)) &&
      Math.abs(Date.parse(b!.created_at) - Date.parse(a!.created_at)) <= GROUP_GAP_MS;
    rows.push({
      kind: 'message',
      message,
      first: !joins(before, message),
      last: !joins(message, after),
      seen: index === lastSeen,
    });
  });
  return rows;
}
