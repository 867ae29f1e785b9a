/** The time now in milliseconds (Date.now); a test may stand in for it (MediaModule's options). */
export type Clock = () => number;

export const CLOCK = Symbol('Clock');
