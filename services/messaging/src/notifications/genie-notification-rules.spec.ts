import type { DomainEvent } from '@aura/platform';
import type { EventType } from '@aura/proto';
import { draftsFor, NOTIFYING_EVENTS } from './notification-rules';

const event = (type: EventType, payload: unknown): DomainEvent =>
  ({ id: 'e1', type, version: 1, key: 'k', occurredAt: '', producer: 'genies', payload }) as DomainEvent;

const member = 'a'.repeat(24);
const friend = 'b'.repeat(24);

describe('genie notifications', () => {
  it('listens to claimed earnings and gifts', () => {
    expect(NOTIFYING_EVENTS).toEqual(expect.arrayContaining(['genie.earnings_claimed', 'genie.sent']));
  });

  it('a claim notifies the member once per claim, as genie_earning with the AC earned', () => {
    const claimed = event('genie.earnings_claimed', {
      userId: member,
      amountMicro: 31_500_000,
      genies: 2,
      transferId: 't1',
      superAuraBonus: true,
      claimedAt: '',
    });
    expect(draftsFor(claimed)).toEqual([
      {
        key: 'genie-claim:t1',
        userId: member,
        type: 'genie_earning',
        title: 'Genie earnings claimed',
        message: 'Your 2 genies earned you 31.5 AC (SuperAura ×1.5).',
        actorId: '',
        coinsMicro: 31_500_000,
        refs: { transfer_id: 't1' },
      },
    ]);
  });

  it('a gift notifies the recipient, with the sender as the actor', () => {
    const sent = event('genie.sent', {
      userGenieId: 'g1',
      genieId: 'x',
      genieName: 'Lumen Fox',
      rarity: 'uncommon',
      senderId: friend,
      senderUsername: 'luna',
      recipientId: member,
      recipientUsername: 'kai',
      message: 'For you',
      sentAt: '',
    });
    expect(draftsFor(sent)).toEqual([
      expect.objectContaining({
        key: 'genie-gift:g1',
        userId: member,
        type: 'system',
        title: 'You received a Genie',
        message: '{actor} sent you Lumen Fox (uncommon): "For you"',
        actorId: friend,
      }),
    ]);
  });
});
