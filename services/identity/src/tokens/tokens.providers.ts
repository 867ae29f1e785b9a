export const SIGNING_KEY = Symbol('SigningKey');
