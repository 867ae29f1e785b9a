// Spec 000 §4 "Typing": starts on the first keystroke; stops after 2 seconds of inactivity, on blur, on
// empty input, or on send. The server ends a typing state 5 s after its last typing_start
// (PRODUCT-DECISIONS.md), so a long burst of typing renews it before then.
// Pure module (timers injected): unit-tested under node.

/** Spec 000 §9: typing stop delay 2000 ms. */
export const TYPING_STOP_MS = 2000;
/** typing_start is sent again after this long while typing goes on (the server forgets after 5 s). */
export const TYPING_RENEW_MS = 3000;

export interface TypingClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: TypingClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class TypingTimer {
  private typing = false;
  private startedAt = 0;
  private idle: unknown = undefined;

  constructor(
    private readonly emit: (typing: boolean) => void,
    private readonly clock: TypingClock = realClock,
  ) {}

  get isTyping(): boolean {
    return this.typing;
  }

  /** The composer's text changed (a keystroke). */
  input(text: string): void {
    if (text.trim() === '') {
      this.stop();
      return;
    }
    const now = this.clock.now();
    if (!this.typing || now - this.startedAt >= TYPING_RENEW_MS) {
      this.typing = true;
      this.startedAt = now;
      this.emit(true);
    }
    this.clearIdle();
    this.idle = this.clock.setTimeout(() => this.stop(), TYPING_STOP_MS);
  }

  /** Blur, send, empty input, 2 s idle, or leaving the conversation. */
  stop(): void {
    this.clearIdle();
    if (!this.typing) return;
    this.typing = false;
    this.emit(false);
  }

  private clearIdle(): void {
    if (this.idle !== undefined) this.clock.clearTimeout(this.idle);
    this.idle = undefined;
  }
}
