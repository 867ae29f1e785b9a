import { LazyCounter } from '@aura/platform';

/** aura.signups (Prometheus aura_signups_total): members registered (counted once the member is stored). */
export const signups = new LazyCounter('aura.signups', { description: 'Members registered.' });
