import { DomainEvent, RUNTIME, ServiceRuntime } from '@aura/platform';
import { adminEvents } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import { MessagesService } from './messages.service';

/**
 * A moderator removed a message (moderation.action_taken, action remove, target message): its content
 * and media are cleared where they are stored and cached. Running twice clears it twice, no more.
 */
@Injectable()
export class MessageRemovalConsumer {
  constructor(
    @Inject(MessagesService) private readonly messages: MessagesService,
    @Inject(RUNTIME) private readonly runtime: Pick<ServiceRuntime, 'subscribe'>,
  ) {}

  start(): Promise<void> {
    return this.runtime.subscribe({
      group: 'messaging.moderation',
      events: ['moderation.action_taken'],
      handler: (event) => this.handle(event),
    });
  }

  async handle(event: DomainEvent): Promise<void> {
    const taken = event.payload as adminEvents.ModerationActionTaken;
    if (taken.action === 'remove' && taken.targetType === 'message')
      await this.messages.remove(taken.targetId);
  }
}
