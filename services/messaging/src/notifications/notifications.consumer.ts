import { DomainEvent, inSpan, RUNTIME, ServiceRuntime } from '@aura/platform';
import type { economyEvents, identityEvents } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import { draftsFor, NOTIFYING_EVENTS, rewardedCause } from './notification-rules';
import { NotificationsService } from './notifications.service';

/**
 * Other services' events → notifications (group messaging.notifications); check-ins and reflections
 * only mark the day's wellbeing reminder as not needed. Notifications are about
 * now: a new group starts at the latest events, and an event for a member identity does not know
 * (another environment's, on a shared broker) notifies nobody. Redelivery is harmless without a
 * processed-event store: a notification's id is derived from its cause (inserted once), and a reward
 * is set on it, not added.
 */
@Injectable()
export class NotificationsConsumer {
  constructor(
    private readonly notifications: NotificationsService,
    @Inject(RUNTIME) private readonly runtime: Pick<ServiceRuntime, 'subscribe'>,
  ) {}

  start(): Promise<void> {
    return this.runtime.subscribe({
      group: 'messaging.notifications',
      events: [...NOTIFYING_EVENTS, 'reward.paid', 'mood.checked_in', 'reflection.created'],
      handler: (event) => this.handle(event),
      newGroupStart: 'latest',
      idempotent: true,
    });
  }

  async handle(event: DomainEvent): Promise<void> {
    if (event.type === 'mood.checked_in' || event.type === 'reflection.created') {
      const entry = event.payload as identityEvents.MoodCheckedIn | identityEvents.ReflectionCreated;
      await this.notifications.noteCheckIn(entry.userId, new Date(entry.createdAt || event.occurredAt));
      return;
    }
    if (event.type === 'reward.paid') {
      const reward = event.payload as economyEvents.RewardPaid;
      const cause = rewardedCause(reward);
      if (cause)
        await inSpan(
          'messaging notification reward',
          { 'aura.member_id': reward.userId, 'aura.amount_micro': Number(reward.amountMicro) },
          () => this.notifications.attachReward(cause, reward.userId, Number(reward.amountMicro)),
        );
      return;
    }
    const at = new Date(event.occurredAt || Date.now());
    // One span per notification (under the event's consumer span): who is notified, of what.
    for (const draft of draftsFor(event))
      await inSpan(
        'messaging notification',
        {
          'aura.member_id': draft.userId,
          'aura.notification_type': draft.type,
          ...(draft.refs.post_id ? { 'aura.post_id': draft.refs.post_id } : {}),
        },
        () => this.notifications.create(draft, at),
      );
  }
}
