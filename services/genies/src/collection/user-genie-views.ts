import { NotFound } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import { Catalogue } from '../catalogue/catalogue';
import type { GenieDoc } from '../catalogue/catalogue.repository';
import type { MemberDoc } from '../members/members.repository';
import { Messages } from '../messages';
import { accruedMicro, memberDailyRateMicro } from '../rules/accrual';
import type { UserGenieDoc } from './user-genies.repository';

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

/** A member's genie as every feature answers it (a reveal, the collection, the featured genie). */
@Injectable()
export class UserGenieViews {
  constructor(@Inject(Catalogue) private readonly catalogue: Catalogue) {}

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

  /** The genie's view, or "Genie not found" when its catalogue entry is gone. */
  mustView(doc: UserGenieDoc, member: MemberDoc | null, superAura: boolean, now: Date): UserGenieView {
    const view = this.view(doc, member, superAura, now);
    if (!view) throw new NotFound(Messages.genieNotFound);
    return view;
  }
}
