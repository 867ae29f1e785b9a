import {
  Caller,
  createEvent,
  LOGGER,
  NotFound,
  RUNTIME,
  RuleViolation,
  ServiceRuntime,
} from '@aura/platform';
import type { messaging } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { BlocksRepository } from '../blocks/blocks.repository';
import { isUuid } from '../common/ids';
import { ConversationsRepository } from '../conversations/conversations.repository';
import { callerId } from '../conversations/conversations.service';
import { CoalescingPublisher } from '../events/event-publisher';
import { MessageRules } from './message-rules';
import { MessagesService } from './messages.service';
import { ReactionRules, validateEmoji } from './reaction-rules';
import { ReactionsRepository } from './reactions.repository';

/**
 * Reactions to messages: a member of the conversation adds or takes back one of REACTION_EMOJI on a
 * message (not a removed one, not while either member blocks the other), at most
 * MAX_REACTIONS_PER_MEMBER different ones per message. A change is announced with
 * message.reactions_changed (the gateway pushes message_reaction_update to both members); the stored
 * reactions are the truth that every page of messages reads, so an event lost on the way costs only
 * the live update.
 */
@Injectable()
export class ReactionsService {
  constructor(
    @Inject(ConversationsRepository) private readonly store: ConversationsRepository,
    @Inject(ReactionsRepository) private readonly reactions: ReactionsRepository,
    @Inject(MessagesService) private readonly messages: MessagesService,
    @Inject(BlocksRepository) private readonly blocks: BlocksRepository,
    @Inject(CoalescingPublisher) private readonly publisher: CoalescingPublisher,
    @Inject(RUNTIME) private readonly runtime: Pick<ServiceRuntime, 'service'>,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async set(caller: Caller | undefined, request: messaging.SetReactionRequest): Promise<messaging.Message> {
    const userId = callerId(caller);
    const emoji = validateEmoji(request.emoji);
    const message = isUuid(request.messageId) ? await this.store.findMessage(request.messageId) : null;
    if (!message || message.removed || (message.senderId !== userId && message.recipientId !== userId))
      throw new NotFound(MessageRules.messageNotFound);
    if (await this.blocks.eitherWay(message.senderId, message.recipientId))
      throw new RuleViolation(MessageRules.blocked);
    let changed: boolean;
    if (request.on) {
      const result = await this.reactions.add(message.id, message.conversationId, userId, emoji);
      if (result === 'full') throw new RuleViolation(ReactionRules.tooMany);
      changed = result === 'added';
    } else {
      changed = await this.reactions.remove(message.id, userId, emoji);
    }
    const answer = await this.messages.withState(message);
    if (changed) {
      const event = createEvent(this.runtime.service, 'message.reactions_changed', message.conversationId, {
        messageId: message.id,
        conversationId: message.conversationId,
        reactions: answer.reactions,
        memberIds: [message.senderId, message.recipientId],
        userId,
        emoji,
        on: request.on,
      });
      void this.publisher
        .publish([event])
        .catch((error) =>
          this.logger.warn({ err: error, messageId: message.id }, 'reaction event not published'),
        );
    }
    return answer;
  }
}
