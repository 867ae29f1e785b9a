/** The longest nickname of a genie and the longest message sent with one, in characters. */
export const MAX_NICKNAME = 30;
export const MAX_MESSAGE = 200;
