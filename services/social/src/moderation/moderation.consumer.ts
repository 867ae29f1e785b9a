import { DomainEvent, RUNTIME, ServiceRuntime } from '@aura/platform';
import { adminEvents } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import { ContentRemoval } from '../posts/content-removal';

export const MODERATION_GROUP = 'social.moderation';

/**
 * A moderator removed a post, story or comment (moderation.action_taken, action remove): it is taken
 * down as its author's delete does (ContentRemoval: a comment with its replies). Safe to run twice.
 */
@Injectable()
export class ModerationConsumer {
  constructor(
    @Inject(ContentRemoval) private readonly removal: ContentRemoval,
    @Inject(RUNTIME) private readonly runtime: ServiceRuntime,
  ) {}

  start(): Promise<void> {
    return this.runtime.subscribe({
      group: MODERATION_GROUP,
      events: ['moderation.action_taken'],
      handler: (event) => this.handle(event),
    });
  }

  async handle(event: DomainEvent): Promise<void> {
    const taken = event.payload as adminEvents.ModerationActionTaken;
    if (taken.action !== 'remove') return;
    if (taken.targetType === 'post' || taken.targetType === 'story')
      await this.removal.removePost(taken.targetId);
    else if (taken.targetType === 'comment') await this.removal.removeComment(taken.targetId);
  }
}
