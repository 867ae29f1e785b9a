import { Caller, RuleViolation } from '@aura/platform';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { Catalogue } from '../catalogue/catalogue';
import { type UserGenieView, UserGenieViews } from '../collection/user-genie-views';
import { type UserGenieDoc, UserGeniesRepository } from '../collection/user-genies.repository';
import { GenieEventsRepository } from '../events/genie-events.repository';
import { uuidFrom } from '../ids';
import { MembersService } from '../members/members';
import { Messages } from '../messages';
import { reveals } from '../metrics';
import { BottlesRepository } from '../purchases/bottles.repository';
import { cryptoRandomInt, drawRarity, pickOne, type RandomInt } from '../rules/odds';
import { RANDOM_INT } from '../tokens';

/** Opening bottles: a genie drawn by the rarity table, one per bottle, its event stored once. */
@Injectable()
export class RevealsService {
  constructor(
    @Inject(Catalogue) private readonly catalogue: Catalogue,
    @Inject(MembersService) private readonly members: MembersService,
    @Inject(UserGeniesRepository) private readonly userGenies: UserGeniesRepository,
    @Inject(BottlesRepository) private readonly bottleDocs: BottlesRepository,
    @Inject(GenieEventsRepository) private readonly events: GenieEventsRepository,
    @Inject(UserGenieViews) private readonly views: UserGenieViews,
    @Optional() @Inject(RANDOM_INT) private readonly random: RandomInt = cryptoRandomInt,
  ) {}

  /**
   * Opens one bottle. The genie's id is derived from the bottle, and its insert is unique: of
   * concurrent reveals, exactly one gets each bottle (the others move on to the next, or find none).
   */
  async reveal(caller: Caller): Promise<UserGenieView> {
    for (let round = 0; round < 5; round += 1) {
      const unopened = await this.bottleDocs.unopened(caller.userId, 20);
      if (unopened.length === 0) break;
      for (const bottle of unopened) {
        const rarity = drawRarity(this.random);
        const genie = pickOne(this.catalogue.ofRarity(rarity), this.random);
        const now = new Date();
        const doc: UserGenieDoc = {
          _id: uuidFrom(`bottle:${bottle._id}`),
          owner_id: caller.userId,
          genie_id: genie._id,
          nickname: '',
          acquired_at: now,
          accrual_from: now,
          lifetime_micro: 0,
          received_as_gift: false,
          gifted_by: '',
          origin: 'bottle',
        };
        const won = await this.userGenies.insertOnce(doc);
        // Opened either way: by this reveal, or by the one whose insert came first.
        await this.bottleDocs.markOpened(bottle._id);
        if (!won) continue;
        reveals.add(1, { rarity });
        await this.events.store(`revealed:${doc._id}`, 'genie.revealed', caller.userId, {
          userId: caller.userId,
          userGenieId: doc._id,
          genieId: genie._id,
          genieName: genie.name,
          rarity,
          revealedAt: now.toISOString(),
        });
        const member = await this.members.member(caller.userId);
        return this.views.mustView(doc, member.doc, member.superAura, now);
      }
    }
    throw new RuleViolation(Messages.noBottles);
  }
}
