// Spec 000 §2: the chat's emoji picker offers 20 emoji.
export const CHAT_EMOJI: readonly string[] = [
  '😀',
  '😂',
  '😊',
  '😍',
  '🥰',
  '😎',
  '🤗',
  '🤔',
  '😢',
  '😮',
  '👍',
  '👏',
  '🙏',
  '💪',
  '🔥',
  '✨',
  '💜',
  '🌈',
  '🌸',
  '🎉',
];

/** The text with `emoji` put where the caret was (at the end when unknown), and the caret after it. */
export function insertAt(
  text: string,
  emoji: string,
  caret?: number | null,
): { text: string; caret: number } {
  const at = caret === undefined || caret === null ? text.length : Math.max(0, Math.min(caret, text.length));
  return { text: `${text.slice(0, at)}${emoji}${text.slice(at)}`, caret: at + emoji.length };
}
