import { chatRows, dayLabel, type ChatRow } from './chat-rows';
import { makeMessage, ME, OTHER } from './fixtures';

const them = {
  id: OTHER,
  username: 'sol',
  display_name: 'Sol',
  profile_picture: '',
  aura_score: 500,
  is_super_aura: false,
};
const at = (hhmm: string, day = '2026-03-01') => new Date(`${day}T${hhmm}:00`).toISOString();
const NOW = new Date('2026-03-02T12:00:00').getTime();

const shape = (rows: ChatRow[]) =>
  rows.map((row) =>
    row.kind === 'day'
      ? row.label
      : `${row.message.id}${row.first ? '^' : ''}${row.last ? '$' : ''}${row.seen ? '*' : ''}`,
  );

describe('chatRows (issue 23: chat)', () => {
  it('puts a day line where the day changes and groups one sender within 5 minutes', () => {
    const rows = chatRows(
      [
        makeMessage({ id: 'a', created_at: at('10:00') }),
        makeMessage({ id: 'b', created_at: at('10:04') }),
        makeMessage({ id: 'c', created_at: at('10:20') }),
        makeMessage({ id: 'd', sender: them, created_at: at('10:21') }),
        makeMessage({ id: 'e', sender: them, created_at: at('09:00', '2026-03-02') }),
      ],
      ME,
      NOW,
    );
    expect(shape(rows)).toEqual(['Yesterday', 'a^', 'b$', 'c^$', 'd^$', 'Today', 'e^$']);
  });

  it("marks only the member's own last read message as seen", () => {
    const rows = chatRows(
      [
        makeMessage({ id: 'a', created_at: at('10:00'), is_read: true }),
        makeMessage({ id: 'b', created_at: at('10:01'), is_read: true }),
        makeMessage({ id: 'c', created_at: at('10:02'), is_read: false }),
        makeMessage({ id: 'd', sender: them, created_at: at('10:03'), is_read: true }),
      ],
      ME,
      NOW,
    );
    expect(shape(rows)).toEqual(['Yesterday', 'a^', 'b*', 'c$', 'd^$']);
  });

  it('labels older days with the weekday and the date, and the year when not this one', () => {
    expect(dayLabel(at('10:00', '2026-02-24'), NOW)).toBe('Tue 24 Feb');
    expect(dayLabel(at('10:00', '2025-12-31'), NOW)).toBe('Wed 31 Dec 2025');
  });
});
