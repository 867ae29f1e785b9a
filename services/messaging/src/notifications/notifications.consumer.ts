import {
  DomainEvent,
  eventTrace,
  inSpan,
  recordSpan,
  RUNTIME,
  ServiceRuntime,
  type TraceContext,
} from '@aura/platform';
import type { economyEvents, identityEvents } from '@aura/proto';
import { Inject, Injectable } from '@nestjs/common';
import { draftsFor, NotificationDraft, NOTIFYING_EVENTS, rewardedCause } from './notification-rules';
import { NotificationsService } from './notifications.service';

/** Events that change a member's state rather than make a notification. */
const APPLIED_AS_THEY_COME = new Set(['mood.checked_in', 'reflection.created', 'reward.paid']);

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
    @Inject(NotificationsService) private readonly notifications: NotificationsService,
    @Inject(RUNTIME) private readonly runtime: Pick<ServiceRuntime, 'subscribe'>,
  ) {}

  start(): Promise<void> {
    return this.runtime.subscribe({
      group: 'messaging.notifications',
      events: [...NOTIFYING_EVENTS, 'reward.paid', 'mood.checked_in', 'reflection.created'],
      handler: (event) => this.handle(event),
      // A run of events (a burst of tips or likes, a backlog after an outage) makes its notifications
      // together: one read of the settings, blocks and members, one insert, one announcement.
      batchHandler: (events) => this.handleAll(events),
      newGroupStart: 'latest',
      idempotent: true,
    });
  }

  async handle(event: DomainEvent): Promise<void> {
    await this.handleAll([event]);
  }

  /**
   * A run of events in their order. Check-ins and rewards are applied as they come; the notifications
   * of the run are made together after them (a reward and its notification meet in either order).
   */
  async handleAll(events: DomainEvent[]): Promise<void> {
    const drafts: { draft: NotificationDraft; at: Date; trace?: TraceContext }[] = [];
    for (const event of events) {
      if (APPLIED_AS_THEY_COME.has(event.type)) await this.apply(event);
      else {
        const at = new Date(event.occurredAt || Date.now());
        const trace = eventTrace(event);
        drafts.push(...draftsFor(event).map((draft) => ({ draft, at, trace })));
      }
    }
    if (drafts.length === 0) return;
    const startedAt = new Date();
    await inSpan('messaging notifications', { 'aura.notifications': drafts.length }, () =>
      this.notifications.createMany(drafts),
    );
    // One span per notification in the trace of its event: who is notified, of what.
    for (const { draft, trace } of drafts)
      recordSpan(
        'messaging notification',
        {
          'aura.member_id': draft.userId,
          'aura.notification_type': draft.type,
          ...(draft.refs.post_id ? { 'aura.post_id': draft.refs.post_id } : {}),
        },
        trace,
        startedAt,
      );
  }

  private async apply(event: DomainEvent): Promise<void> {
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
  }
}
