import {
  annotate,
  Caller,
  Conflict,
  DomainError,
  Forbidden,
  LOGGER,
  NotFound,
  RuleViolation,
} from '@aura/platform';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { Catalogue } from './catalogue/catalogue';
import type { GenieDoc } from './catalogue/catalogue.repository';
import { type UserGenieDoc, UserGeniesRepository } from './collection/user-genies.repository';
import { type ClaimDoc, ClaimsRepository } from './earnings/claims.repository';
import { GenieEventsRepository } from './events/genie-events.repository';
import { type GiftDoc, GiftsRepository } from './gifts/gifts.repository';
import { sha256, uuidFrom } from './ids';
import { MembersService } from './members/members';
import { type MemberDoc, MembersRepository } from './members/members.repository';
import { PriceRepository } from './price/price.repository';
import { BottlesRepository } from './purchases/bottles.repository';
import { type PurchaseDoc, PurchasesRepository } from './purchases/purchases.repository';
import { bottlesBought, earningsClaimedMicro, genieSends, reveals } from './metrics';
import { type GenieMoney, MoneyInProgress } from './money/economy-money';
import { GENIE_MONEY, RANDOM_INT } from './tokens';
import { accruedMicro, memberDailyRateMicro } from './rules/accrual';
import { cryptoRandomInt, drawRarity, pickOne, RARITIES, type RandomInt, type Rarity } from './rules/odds';
import { MAX_PRICE_MICRO, MIN_PRICE_MICRO } from './rules/price';

export { DEFAULT_PRICE_MICRO, MAX_PRICE_MICRO, MIN_PRICE_MICRO } from './rules/price';

export const Messages = {
  quantity: 'Quantity must be a whole number from 1 to 10',
  noBottles: 'You have no bottles to reveal',
  genieNotFound: 'Genie not found',
  userNotFound: 'User not found',
  sendMissing: 'Please select a genie and enter recipient username',
  messageTooLong: 'Message must be at most 200 characters',
  sendToSelf: 'You cannot send a genie to yourself',
  regift: 'A genie received as a gift cannot be sent again',
  nicknameTooLong: 'Nickname must be at most 30 characters',
  price: 'Genie bottle price must be between 50 and 1000 AuraCoin',
  priceNotAllowed: 'Only a super admin can change the genie bottle price',
  keyReused: 'This Idempotency-Key was already used for a different request',
} as const;

const MAX_MESSAGE = 200;
const MAX_NICKNAME = 30;
/** A purchase still "charging" after this long was interrupted: the sweep finishes it. */
const PURCHASE_RECOVER_AFTER_MS = 30_000;

/** A member's genie as answered: the genie, its owner's rate and what it has earned so far. */
export interface UserGenieView {
  id: string;
  ownerId: string;
  genie: GenieDoc;
  nickname: string;
  isFeatured: boolean;
  pendingEarningsMicro: number;
  acquiredAt: Date;
  dailyEarningRateMicro: number;
  receivedAsGift: boolean;
  giftedBy: string;
  lifetimeEarningsMicro: number;
}

export interface ClaimOutcome {
  amountMicro: number;
  genies: number;
  transferId: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Bottles, reveals, collections, earnings, gifts and the bottle price (docs/adr/0008-genies.md).
 * Every change that others must see stores its event in the genie_events outbox under an id derived
 * from what caused it (a retry stores it once); money moves only through economy, with keys derived
 * from the purchase or the claim window.
 */
@Injectable()
export class GeniesService {
  constructor(
    @Inject(Catalogue) private readonly catalogue: Catalogue,
    @Inject(MembersService) private readonly members: MembersService,
    @Inject(MembersRepository) private readonly memberDocs: MembersRepository,
    @Inject(UserGeniesRepository) private readonly userGenies: UserGeniesRepository,
    @Inject(PurchasesRepository) private readonly purchases: PurchasesRepository,
    @Inject(BottlesRepository) private readonly bottleDocs: BottlesRepository,
    @Inject(ClaimsRepository) private readonly claims: ClaimsRepository,
    @Inject(GiftsRepository) private readonly gifts: GiftsRepository,
    @Inject(PriceRepository) private readonly price: PriceRepository,
    @Inject(GenieEventsRepository) private readonly events: GenieEventsRepository,
    @Inject(GENIE_MONEY) private readonly money: GenieMoney,
    @Inject(LOGGER) private readonly logger: Logger,
    @Optional() @Inject(RANDOM_INT) private readonly random: RandomInt = cryptoRandomInt,
  ) {}

  // ---- price and bottles ---------------------------------------------------------------------------

  priceMicro(): Promise<number> {
    return this.price.priceMicro();
  }

  async setPrice(caller: Caller, priceMicro: number): Promise<number> {
    if (caller.role !== 'super_admin') throw new Forbidden(Messages.priceNotAllowed);
    if (!Number.isSafeInteger(priceMicro) || priceMicro < MIN_PRICE_MICRO || priceMicro > MAX_PRICE_MICRO)
      throw new RuleViolation(Messages.price);
    await this.price.setPrice(priceMicro, caller.userId);
    this.logger.info(
      { audit: 'genies.bottle_price', actorId: caller.userId, priceMicro },
      'bottle price set',
    );
    return priceMicro;
  }

  async bottles(userId: string): Promise<{ bottlesOwned: number; priceMicro: number }> {
    const [bottlesOwned, priceMicro] = await Promise.all([this.bottlesOwned(userId), this.priceMicro()]);
    return { bottlesOwned, priceMicro };
  }

  bottlesOwned(userId: string): Promise<number> {
    return this.bottleDocs.countUnopened(userId);
  }

  /**
   * Buys `quantity` bottles: the purchase is recorded first (keyed by the caller's idempotency key),
   * then charged through economy with a key derived from it, then its bottles are added once.
   */
  async purchase(
    caller: Caller,
    quantity: number,
    idempotencyKey?: string,
    options: { confirmPause?: boolean } = {},
  ) {
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > 10)
      throw new RuleViolation(Messages.quantity);
    const priceMicro = await this.priceMicro();
    const id = idempotencyKey
      ? uuidFrom(`purchase:${caller.userId}:${sha256(idempotencyKey)}`)
      : randomUUID();
    let purchase: PurchaseDoc = {
      _id: id,
      user_id: caller.userId,
      quantity,
      price_micro: priceMicro,
      cost_micro: priceMicro * quantity,
      status: 'charging',
      transfer_id: '',
      confirm_pause: options.confirmPause === true,
      created_at: new Date(),
    };
    let replayed = false;
    if (!(await this.purchases.insertOnce(purchase))) {
      const existing = await this.purchases.find(id);
      if (!existing || existing.user_id !== caller.userId || existing.quantity !== quantity)
        throw new Conflict(Messages.keyReused);
      purchase = existing;
      replayed = true;
    }
    const done = await this.completePurchase(
      options.confirmPause ? { ...purchase, confirm_pause: true } : purchase,
    );
    annotate({ 'aura.member_id': caller.userId, 'aura.amount_micro': done.cost_micro });
    return {
      quantity: done.quantity,
      costMicro: done.cost_micro,
      bottlesOwned: await this.bottlesOwned(caller.userId),
      transferId: done.transfer_id,
      replayed,
    };
  }

  /** Charges (same key on every attempt), adds the bottles once, records the event once. */
  private async completePurchase(purchase: PurchaseDoc): Promise<PurchaseDoc> {
    if (purchase.status === 'rejected') throw new RuleViolation('Insufficient AuraCoin balance!');
    if (purchase.status === 'credited') return purchase;
    let transferId: string;
    try {
      const receipt = await this.money.charge(
        purchase.user_id,
        purchase.cost_micro,
        `${purchase.quantity} Genie bottle${purchase.quantity === 1 ? '' : 's'}`,
        `genie-bottles:${purchase._id}`,
        { confirmPause: purchase.confirm_pause === true },
      );
      transferId = receipt.transferId;
    } catch (error) {
      if (error instanceof DomainError && error.code) {
        // Refused by the member's spending settings before anything was charged (docs/spending.md):
        // the purchase is forgotten, so the same request can come again (with the member's yes, or
        // tomorrow) under the same key.
        await this.purchases.forgetCharging(purchase._id);
      } else if (error instanceof RuleViolation) {
        await this.purchases.rejectCharging(purchase._id);
      }
      throw error;
    }
    // The purchase's bottles, ids derived from it: a retry (or the sweep) adds none twice.
    const now = new Date();
    for (let i = 1; i <= purchase.quantity; i += 1) {
      await this.bottleDocs.insertOnce({
        _id: `${purchase._id}:${i}`,
        owner_id: purchase.user_id,
        purchase_id: purchase._id,
        opened: false,
        created_at: now,
      });
    }
    // Upserted: a concurrent retry of the same request refused by the spending pause may have removed
    // the record in the meantime; the charge went through, so the purchase stands.
    const updated = await this.purchases.credit(purchase, transferId);
    if (purchase.status === 'charging') bottlesBought.add(purchase.quantity);
    await this.events.store(`purchase:${purchase._id}`, 'genie.bottles_purchased', purchase.user_id, {
      userId: purchase.user_id,
      quantity: purchase.quantity,
      costMicro: purchase.cost_micro,
      transferId,
      purchasedAt: purchase.created_at.toISOString(),
    });
    return updated ?? { ...purchase, status: 'credited', transfer_id: transferId };
  }

  /** Purchases a crash left between the record and the bottles: finished with the same charge key. */
  async sweep(): Promise<number> {
    const stale = await this.purchases.chargingSince(new Date(Date.now() - PURCHASE_RECOVER_AFTER_MS), 50);
    let finished = 0;
    for (const purchase of stale) {
      try {
        await this.completePurchase(purchase);
        finished += 1;
      } catch (error) {
        if (!(error instanceof RuleViolation))
          this.logger.warn({ err: error, purchaseId: purchase._id }, 'purchase recovery failed');
      }
    }
    return finished;
  }

  // ---- reveal ----------------------------------------------------------------------------------------

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
        return this.mustView(doc, member.doc, member.superAura, now);
      }
    }
    throw new RuleViolation(Messages.noBottles);
  }

  // ---- collection, stats, featured -------------------------------------------------------------------

  async collection(userId: string): Promise<UserGenieView[]> {
    const [docs, { doc: member, superAura }] = await Promise.all([
      this.userGenies.ownedBy(userId),
      this.members.member(userId),
    ]);
    const now = new Date();
    return docs.flatMap((doc) => {
      const view = this.view(doc, member, superAura, now);
      return view ? [view] : [];
    });
  }

  async stats(userId: string) {
    const [genies, bottlesOwned, priceMicro, lifetimeMicro] = await Promise.all([
      this.collection(userId),
      this.bottlesOwned(userId),
      this.priceMicro(),
      this.lifetimeMicro(userId),
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
    return this.view(doc, member, superAura, new Date());
  }

  async setNickname(caller: Caller, id: string, nickname: string): Promise<UserGenieView> {
    const name = nickname.trim();
    if ([...name].length > MAX_NICKNAME) throw new RuleViolation(Messages.nicknameTooLong);
    const doc = await this.userGenies.rename(id, caller.userId, name);
    if (!doc) throw new NotFound(Messages.genieNotFound);
    const member = await this.members.member(caller.userId);
    return this.mustView(doc, member.doc, member.superAura, new Date());
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
    return this.mustView(doc, member, superAura, now);
  }

  // ---- earnings ----------------------------------------------------------------------------------------

  /** Everything the member's genies have paid, all time (their finished claims). */
  lifetimeMicro(userId: string): Promise<number> {
    return this.claims.doneTotal(userId);
  }

  /**
   * Claim All. The member's next claim window (n = last + 1) is taken by inserting claim `<member>:<n>`
   * with its end instant and each genie's amount; of concurrent claims one insert wins, and every
   * caller finishes that window with the same economy key (genie-claim:<member>:<n>), so the window
   * is credited exactly once. An unfinished window (a crash) is finished by the next claim.
   */
  async claim(caller: Caller): Promise<ClaimOutcome> {
    const userId = caller.userId;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const last = await this.claims.latest(userId);
      if (last?.status === 'open') {
        await this.finishClaim(last);
        continue;
      }
      const until = new Date();
      const superAura = await this.members.isSuperAura(userId);
      const docs = await this.userGenies.allOwnedBy(userId);
      const parts = docs
        .map((doc) => {
          const genie = this.catalogue.byId(doc.genie_id);
          const amount = genie ? accruedMicro(genie.daily_rate_micro, superAura, doc.accrual_from, until) : 0;
          return { id: doc._id, from: doc.accrual_from, lifetime_before: doc.lifetime_micro, amount };
        })
        .filter((part) => part.amount > 0);
      const total = parts.reduce((sum, part) => sum + part.amount, 0);
      if (total === 0) return { amountMicro: 0, genies: 0, transferId: '' };
      const seq = (last?.seq ?? 0) + 1;
      const window: ClaimDoc = {
        _id: `${userId}:${seq}`,
        user_id: userId,
        seq,
        until,
        total,
        super_aura: superAura,
        parts,
        status: 'open',
        transfer_id: '',
      };
      const won = await this.claims.insertOnce(window);
      const taken = won ? window : await this.claims.find(window._id);
      if (!taken) continue;
      return this.finishClaim(taken);
    }
    throw new MoneyInProgress('A claim is already in progress. Please try again in a moment.');
  }

  private async finishClaim(window: ClaimDoc): Promise<ClaimOutcome> {
    const userId = window.user_id;
    let transferId = '';
    for (let attempt = 0; ; attempt += 1) {
      try {
        const receipt = await this.money.payEarnings(
          userId,
          window.total,
          `${window.parts.length} genie${window.parts.length === 1 ? '' : 's'}`,
          `genie-claim:${userId}:${window.seq}`,
        );
        transferId = receipt.transferId;
        break;
      } catch (error) {
        // The same window is being paid by a concurrent claim: wait for its answer.
        if (!(error instanceof MoneyInProgress) || attempt >= 25) throw error;
        await sleep(200);
      }
    }
    // Set, not added: finishing the same window twice writes the same values.
    for (const part of window.parts)
      await this.userGenies.settle(part.id, part.from, window.until, part.lifetime_before + part.amount);
    if (window.status === 'open') {
      await this.claims.markDone(window._id, transferId);
      earningsClaimedMicro.add(window.total);
    }
    await this.events.store(`claim:${window._id}`, 'genie.earnings_claimed', userId, {
      userId,
      amountMicro: window.total,
      genies: window.parts.length,
      transferId,
      superAuraBonus: window.super_aura,
      claimedAt: new Date(window.until).toISOString(),
    });
    annotate({ 'aura.member_id': userId, 'aura.amount_micro': window.total });
    return { amountMicro: window.total, genies: window.parts.length, transferId };
  }

  // ---- gifts ---------------------------------------------------------------------------------------------

  /** A permanent gift: the sender's earnings are claimed first, the featured flag goes with the genie. */
  async send(caller: Caller, id: string, recipientUsername: string, message: string) {
    const username = recipientUsername.trim();
    if (!id || !username) throw new RuleViolation(Messages.sendMissing);
    if ([...message].length > MAX_MESSAGE) throw new RuleViolation(Messages.messageTooLong);
    const doc = await this.userGenies.findOwned(id, caller.userId);
    if (!doc) throw new NotFound(Messages.genieNotFound);
    if (doc.received_as_gift) throw new RuleViolation(Messages.regift);
    const recipient = await this.members.findByUsername(username);
    if (!recipient?.username) {
      await this.members.identityAnswers(caller.userId);
      throw new NotFound(Messages.userNotFound);
    }
    if (recipient._id === caller.userId) throw new RuleViolation(Messages.sendToSelf);
    // Read before anything moves: identity out of reach stops the gift here, not halfway.
    const sender = (await this.members.member(caller.userId)).doc;
    await this.claim(caller);
    // The gift's insert is unique per genie: a genie is given at most once, whoever asks at once.
    const now = new Date();
    const gift: GiftDoc = {
      _id: id,
      from_id: caller.userId,
      to_id: recipient._id,
      message: message.trim(),
      sent_at: now,
    };
    if (!(await this.gifts.insertOnce(gift))) {
      const earlier = await this.gifts.find(id);
      // A retry of this very gift finishes it; anything else is a genie that has been given already.
      if (earlier?.from_id !== caller.userId || earlier.to_id !== recipient._id)
        throw new RuleViolation(Messages.regift);
      gift.sent_at = earlier.sent_at;
    }
    await this.userGenies.give(id, caller.userId, recipient._id, gift.sent_at);
    await this.memberDocs.unfeature(caller.userId, id);
    const genie = this.catalogue.byId(doc.genie_id);
    genieSends.add(1);
    await this.events.store(`sent:${id}:${caller.userId}`, 'genie.sent', recipient._id, {
      userGenieId: id,
      genieId: doc.genie_id,
      genieName: genie?.name ?? '',
      rarity: genie?.rarity ?? '',
      senderId: caller.userId,
      senderUsername: sender?.username ?? '',
      recipientId: recipient._id,
      recipientUsername: recipient.username,
      message: gift.message,
      sentAt: gift.sent_at.toISOString(),
    });
    return {
      userGenieId: id,
      recipientId: recipient._id,
      recipientUsername: recipient.username,
      genieName: genie?.name ?? 'Your genie',
    };
  }

  // ---- helpers --------------------------------------------------------------------------------------------

  /** The genie's view; a genie whose catalogue entry is gone (never, with upserts only) is left out. */
  view(
    doc: UserGenieDoc,
    member: MemberDoc | null,
    superAura: boolean,
    now: Date,
  ): UserGenieView | undefined {
    const genie = this.catalogue.byId(doc.genie_id);
    if (!genie) return undefined;
    return {
      id: doc._id,
      ownerId: doc.owner_id,
      genie,
      nickname: doc.nickname,
      isFeatured: member?.featured_id === doc._id,
      pendingEarningsMicro: accruedMicro(genie.daily_rate_micro, superAura, doc.accrual_from, now),
      acquiredAt: doc.acquired_at,
      dailyEarningRateMicro: memberDailyRateMicro(genie.daily_rate_micro, superAura),
      receivedAsGift: doc.received_as_gift,
      giftedBy: doc.gifted_by,
      lifetimeEarningsMicro: doc.lifetime_micro,
    };
  }

  private mustView(
    doc: UserGenieDoc,
    member: MemberDoc | null,
    superAura: boolean,
    now: Date,
  ): UserGenieView {
    const view = this.view(doc, member, superAura, now);
    if (!view) throw new NotFound(Messages.genieNotFound);
    return view;
  }
}
