// What AURA_TARGET can name: one service, the gateway, or all of them in one process (ADR 0014).
import type { RunningService } from '@aura/platform';

export type Start = () => Promise<RunningService>;

/** Every part in start order: a service's dependencies start before it, the gateway last. */
export const PARTS = [
  'identity',
  'social',
  'messaging',
  'media',
  'economy',
  'genies',
  'admin',
  'gateway',
] as const;
export type Part = (typeof PARTS)[number];

/** The parts AURA_TARGET names: "all", or one part. Anything else is a startup error that lists them. */
export function partsOf(target: string | undefined): Part[] {
  const value = (target ?? '').trim();
  if (value === 'all') return [...PARTS];
  if ((PARTS as readonly string[]).includes(value)) return [value as Part];
  throw new Error(`AURA_TARGET must be "all" or one of ${PARTS.join(', ')} (got "${value}")`);
}

/**
 * Loads each part's start function only when it runs: a process of one service does not load the
 * others' code.
 */
export async function startFunctionOf(part: Part): Promise<Start> {
  switch (part) {
    case 'identity':
      return (await import('@aura/identity/dist/service')).startIdentity;
    case 'social':
      return (await import('@aura/social/dist/service')).startSocial;
    case 'messaging':
      return (await import('@aura/messaging/dist/service')).startMessaging;
    case 'media':
      return (await import('@aura/media/dist/service')).startMedia;
    case 'economy':
      return (await import('@aura/economy/dist/service')).startEconomy;
    case 'genies':
      return (await import('@aura/genies/dist/service')).startGenies;
    case 'admin':
      return (await import('@aura/admin/dist/service')).startAdmin;
    case 'gateway':
      return (await import('@aura/gateway/dist/gateway')).startGateway;
  }
}
