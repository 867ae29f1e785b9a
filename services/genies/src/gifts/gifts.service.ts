import { Caller, NotFound, RuleViolation } from '@aura/platform';
import { Inject, Injectable } from '@nestjs/common';
import { Catalogue } from '../catalogue/catalogue';
import { UserGeniesRepository } from '../collection/user-genies.repository';
import { EarningsService } from '../earnings/earnings.service';
import { GenieEventsRepository } from '../events/genie-events.repository';
import { MembersService } from '../members/members';
import { MembersRepository } from '../members/members.repository';
import { Messages } from '../messages';
import { genieSends } from '../metrics';
import { MAX_MESSAGE } from '../rules/limits';
import { type GiftDoc, GiftsRepository } from './gifts.repository';

/** Sending a genie to another member, for good (a received genie is never sent again). */
@Injectable()
export class GiftsService {
  constructor(
    @Inject(Catalogue) private readonly catalogue: Catalogue,
    @Inject(MembersService) private readonly members: MembersService,
    @Inject(MembersRepository) private readonly memberDocs: MembersRepository,
    @Inject(UserGeniesRepository) private readonly userGenies: UserGeniesRepository,
    @Inject(GiftsRepository) private readonly gifts: GiftsRepository,
    @Inject(GenieEventsRepository) private readonly events: GenieEventsRepository,
    @Inject(EarningsService) private readonly earnings: EarningsService,
  ) {}

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
    await this.earnings.claim(caller);
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
}
