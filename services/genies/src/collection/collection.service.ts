import { Caller, NotFound, RuleViolation } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import { EarningsService } from '../earnings/earnings.service';
import { GenieEventsRepository } from '../events/genie-events.repository';
import { MembersService } from '../members/members';
import { MembersRepository } from '../members/members.repository';
import { Messages } from '../messages';
import { PriceService } from '../price/price.service';
import { PurchasesService } from '../purchases/purchases.service';
import { MAX_NICKNAME } from '../rules/limits';
import { RARITIES, type Rarity } from '../rules/odds';
import { type UserGenieView, UserGenieViews } from './user-genie-views';
import { UserGeniesRepository } from './user-genies.repository';

/** A member's genies: the collection and its stats, nicknames, and the one featured genie. */
@Injectable()
export class CollectionService {
  constructor(
    @Inject(MembersService) private readonly members: MembersService,
    @Inject(MembersRepository) private readonly memberDocs: MembersRepository,
    @Inject(UserGeniesRepository) private readonly userGenies: UserGeniesRepository,
    @Inject(GenieEventsRepository) private readonly events: GenieEventsRepository,
    @Inject(UserGenieViews) private readonly views: UserGenieViews,
    @Inject(PurchasesService) private readonly purchases: PurchasesService,
    @Inject(PriceService) private readonly price: PriceService,
    @Inject(EarningsService) private readonly earnings: EarningsService,
  ) {}

  async collection(userId: string): Promise<UserGenieView[]> {
    const [docs, { doc: member, superAura }] = await Promise.all([
      this.userGenies.ownedBy(userId),
      this.members.member(userId),
    ]);
    const now = new Date();
    return docs.flatMap((doc) => {
      const view = this.views.view(doc, member, superAura, now);
      return view ? [view] : [];
    });
  }

  async stats(userId: string) {
    const [genies, bottlesOwned, priceMicro, lifetimeMicro] = await Promise.all([
      this.collection(userId),
      this.purchases.bottlesOwned(userId),
      this.price.priceMicro(),
      this.earnings.lifetimeMicro(userId),
    ]);
    const byRarity = new Map<Rarity, number>(RARITIES.map((rarity) => [rarity, 0]));
    for (const genie of genies) byRarity.set(genie.genie.rarity, (byRarity.get(genie.genie.rarity) ?? 0) + 1);
    return {
      totalGenies: genies.length,
      totalDailyEarningsMicro: genies.reduce((sum, g) => sum + g.dailyEarningRateMicro, 0),
      lifetimeEarningsMicro: lifetimeMicro,
      geniesByRarity: RARITIES.map((rarity) => ({ rarity, count: byRarity.get(rarity) ?? 0 })),
      featuredGenie: genies.find((g) => g.isFeatured),
      bottlesOwned,
      bottlePriceMicro: priceMicro,
      pendingEarningsMicro: genies.reduce((sum, g) => sum + g.pendingEarningsMicro, 0),
    };
  }

  async featured(userId: string): Promise<UserGenieView | undefined> {
    const member = await this.members.find(userId);
    if (!member?.featured_id) return undefined;
    const [doc, superAura] = await Promise.all([
      this.userGenies.findOwned(member.featured_id, userId),
      this.members.isSuperAuraOf(member),
    ]);
    if (!doc) return undefined;
    return this.views.view(doc, member, superAura, new Date());
  }

  async setNickname(caller: Caller, id: string, nickname: string): Promise<UserGenieView> {
    const name = nickname.trim();
    if ([...name].length > MAX_NICKNAME) throw new RuleViolation(Messages.nicknameTooLong);
    const doc = await this.userGenies.rename(id, caller.userId, name);
    if (!doc) throw new NotFound(Messages.genieNotFound);
    const member = await this.members.member(caller.userId);
    return this.views.mustView(doc, member.doc, member.superAura, new Date());
  }

  /** One featured genie per member: the member's single featured_id. */
  async setFeatured(caller: Caller, id: string): Promise<UserGenieView> {
    const doc = await this.userGenies.findOwned(id, caller.userId);
    if (!doc) throw new NotFound(Messages.genieNotFound);
    const superAura = await this.members.isSuperAura(caller.userId);
    const member = await this.memberDocs.feature(caller.userId, id);
    const now = new Date();
    await this.events.store(
      `featured:${caller.userId}:${id}:${now.getTime()}`,
      'genie.featured_changed',
      caller.userId,
      {
        userId: caller.userId,
        userGenieId: id,
        genieId: doc.genie_id,
        changedAt: now.toISOString(),
      },
    );
    return this.views.mustView(doc, member, superAura, now);
  }
}
