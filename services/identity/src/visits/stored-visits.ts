/** How many visits of the day an instance remembers as stored (~5 MB); beyond, it starts over. */
const HELD = 50_000;

/**
 * Visit ids of one UTC day that this instance saw stored. A visit is never removed while its viewer
 * and its profile exist, so a remembered id needs no read to know it is stored, whichever instance
 * stored it; one not remembered (another instance's, or forgotten) is looked up as before. Only the
 * newest day seen is held: the day's first view drops the day before.
 */
export class StoredVisits {
  private day = '';
  private readonly ids = new Set<string>();

  constructor(private readonly limit = HELD) {}

  has(day: string, id: string): boolean {
    return day === this.day && this.ids.has(id);
  }

  add(day: string, id: string): void {
    if (day < this.day) return;
    if (day > this.day || this.ids.size >= this.limit) {
      this.day = day;
      this.ids.clear();
    }
    this.ids.add(id);
  }
}
