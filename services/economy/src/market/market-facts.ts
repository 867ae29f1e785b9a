import type { EventPayload, EventType } from '@aura/proto';
import { isMemberAccount, memberIdOf } from '../ledger/accounts';

/**
 * One thing that moves the market, recorded once (its _id is what it is about, so a redelivered
 * event, or the same fact announced twice, counts once). `at` is when it happened.
 */
export interface MarketFact {
  _id: string;
  kind: 'post' | 'like' | 'comment' | 'tip' | 'tip_pair' | 'transfer' | 'ledger';
  /** The member who acted ('' when none: a reward, a top-up). */
  actor: string;
  /** 1 for likes, comments and tips: the price's engagements. */
  engagement: 0 | 1;
  /** micro-AC moved by a member themselves (tips, transfers): the volume. */
  volume_micro: number;
  /** What the fact did to the AC held by members (micro-AC, signed): the market cap's supply. */
  supply_micro: number;
  at: Date;
}

const when = (text: string | undefined, fallback: string) =>
  new Date(Date.parse(text || '') || Date.parse(fallback));

/**
 * The market facts an event announces. A tip moves volume every time, but counts as an engagement once
 * per sender, recipient and UTC day (docs/money-rules.md): two members tipping each other in a loop
 * cannot push the price up.
 */
export function factsOf(type: EventType | string, payload: unknown, occurredAt: string): MarketFact[] {
  const one = factOf(type, payload, occurredAt);
  if (!one) return [];
  if (one.kind !== 'tip') return [one];
  const transfer = payload as EventPayload<'transfer.completed'>;
  const recipient = transfer.recipientId || memberIdOf(transfer.toAccount);
  const day = one.at.toISOString().slice(0, 10);
  return [
    { ...one, engagement: 0 },
    fact(`tip:${one.actor}:${recipient}:${day}`, 'tip_pair', one.actor, 1, 0, 0, one.at),
  ];
}

/** The one fact an event is about, if any. */
function factOf(type: EventType | string, payload: unknown, occurredAt: string): MarketFact | undefined {
  switch (type) {
    case 'post.created': {
      const post = payload as EventPayload<'post.created'>;
      if (!post.postId || post.isStory) return undefined;
      return fact(`post:${post.postId}`, 'post', post.authorId, 0, 0, 0, when(post.createdAt, occurredAt));
    }
    case 'post.liked': {
      const like = payload as EventPayload<'post.liked'>;
      if (!like.postId || !like.likerId) return undefined;
      return fact(
        `like:${like.postId}:${like.likerId}`,
        'like',
        like.likerId,
        1,
        0,
        0,
        when(like.changedAt, occurredAt),
      );
    }
    case 'comment.created': {
      const comment = payload as EventPayload<'comment.created'>;
      if (!comment.commentId) return undefined;
      return fact(
        `comment:${comment.commentId}`,
        'comment',
        comment.commenterId,
        1,
        0,
        0,
        when(comment.createdAt, occurredAt),
      );
    }
    case 'transfer.completed': {
      const transfer = payload as EventPayload<'transfer.completed'>;
      if (!transfer.transferId) return undefined;
      const supply =
        (isMemberAccount(transfer.toAccount) ? transfer.amountMicro : 0) -
        (isMemberAccount(transfer.fromAccount) ? transfer.amountMicro : 0);
      const kind = transfer.kind === 'tip' ? 'tip' : transfer.kind === 'transfer' ? 'transfer' : 'ledger';
      return fact(
        `xfer:${transfer.transferId}`,
        kind,
        transfer.memberInitiated ? transfer.senderId : '',
        kind === 'tip' ? 1 : 0,
        transfer.memberInitiated ? transfer.amountMicro : 0,
        supply,
        when(transfer.completedAt, occurredAt),
      );
    }
    default:
      return undefined;
  }
}

function fact(
  id: string,
  kind: MarketFact['kind'],
  actor: string,
  engagement: 0 | 1,
  volume: number,
  supply: number,
  at: Date,
): MarketFact {
  return { _id: id, kind, actor: actor || '', engagement, volume_micro: volume, supply_micro: supply, at };
}

/** What a set of facts adds up to. */
export function sumFacts(
  facts: Pick<MarketFact, 'actor' | 'engagement' | 'volume_micro' | 'supply_micro'>[],
) {
  const actors = new Set<string>();
  let engagements = 0;
  let volume = 0;
  let supply = 0;
  for (const fact of facts) {
    if (fact.actor) actors.add(fact.actor);
    engagements += fact.engagement;
    volume += fact.volume_micro;
    supply += fact.supply_micro;
  }
  return { activeUsers: actors.size, engagements, volume, supply };
}
