import {
  Caller,
  createEvent,
  EventRecord,
  InvalidInput,
  LOGGER,
  NotFound,
  PeriodicTasks,
  RUNTIME,
  ServiceRuntime,
  Unavailable,
} from '@aura/platform';
import type { messaging } from '@aura/proto';
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import { BlocksRepository } from '../blocks/blocks.repository';
import { decodeCursor, derivedId, encodeCursor, isUuid, olderThan } from '../common/ids';
import { callerId } from '../conversations/conversations.service';
import { CoalescingPublisher } from '../events/event-publisher';
import { MembersRepository } from '../members/members.repository';
import type { Participant } from '../members/participant';
import { NotificationCache } from './notification-cache';
import type { NotificationDraft } from './notification-rules';
import type { NotificationDoc } from './notification.schema';
import { NotificationsRepository } from './notifications.repository';
import { DailyDigest } from './daily-digest';
import { validateReminderTime } from './reminder-time';
import { WellbeingReminders } from './wellbeing-reminders';
import { toSettingsProto, validateMutedTypes } from './notification-settings';
import { NotificationSettingsRepository } from './notification-settings.repository';

export const NotificationMessages = {
  notFound: 'Notification not found',
  badCursor: 'cursor is not valid',
} as const;

export const MAX_NOTIFICATIONS_PAGE = 50;

export function toNotificationProto(doc: NotificationDoc, readAt?: Date | null): messaging.Notification {
  const from = doc.from_user;
  return {
    id: doc._id,
    type: doc.type,
    title: doc.title,
    message: doc.message,
    isRead: Boolean(readAt ?? doc.read_at),
    createdAt: new Date(doc.created_at).toISOString(),
    fromUser: from
      ? {
          id: from.id,
          username: from.username,
          displayName: from.display_name,
          profilePicture: from.profile_picture,
          auraScore: from.aura_score,
          isSuperAura: Boolean(from.is_super_aura),
        }
      : undefined,
    metadata: {
      auraCoinsEarnedMicro: doc.coins_micro ?? 0,
      coinsEarned: doc.coins_micro !== null && doc.coins_micro !== undefined,
      refs: doc.refs ?? {},
    },
  };
}

/** The notification a draft makes for its member, from `actor` (named `name` in its message). */
function notificationDoc(
  draft: NotificationDraft,
  actor: Participant | null,
  name: string,
  at: Date,
): NotificationDoc {
  return {
    _id: derivedId(`notification:${draft.key}`),
    user_id: draft.userId,
    type: draft.type,
    title: draft.title,
    message: draft.message.replace('{actor}', name),
    from_user_id: draft.actorId,
    from_user: actor
      ? {
          id: actor.id,
          username: actor.username,
          display_name: actor.displayName,
          profile_picture: actor.profilePicture,
          aura_score: actor.auraScore,
          is_super_aura: actor.isSuperAura,
        }
      : null,
    coins_micro: draft.coinsMicro ?? null,
    refs: draft.refs,
    source_key: draft.key,
    created_at: at,
    read_at: null,
  };
}

/**
 * The notification center. Notifications are inserted once per cause (id derived from the cause),
 * counted and listed from Redis, and announced with notification.created (the gateway pushes it).
 */
@Injectable()
export class NotificationsService implements OnModuleDestroy {
  /** The daily digest's and the reminders' timers (each instance runs them; see each for why once). */
  private readonly timers: PeriodicTasks;

  constructor(
    @Inject(NotificationsRepository) private readonly repository: NotificationsRepository,
    @Inject(NotificationCache) private readonly cache: NotificationCache,
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(BlocksRepository) private readonly blocks: BlocksRepository,
    @Inject(CoalescingPublisher) private readonly publisher: CoalescingPublisher,
    @Inject(NotificationSettingsRepository) private readonly settings: NotificationSettingsRepository,
    @Inject(DailyDigest) private readonly digest: DailyDigest,
    @Inject(WellbeingReminders) private readonly reminders: WellbeingReminders,
    @Inject(RUNTIME) private readonly runtime: Pick<ServiceRuntime, 'service'>,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.timers = new PeriodicTasks(
      [
        { name: 'daily digest', everyMs: 5 * 60_000, run: () => this.sendDueDigests() },
        { name: 'wellbeing reminders', everyMs: 60_000, run: () => this.sendDueReminders() },
      ],
      logger,
    );
  }

  /** Sends the daily digests due at `now` (the digest's timer calls this every few minutes). */
  sendDueDigests(now = new Date()): Promise<number> {
    return this.digest.sendDue(now, (draft, at) => this.create(draft, at));
  }

  /** Sends the wellbeing reminders due at `now` (their timer calls this every minute). */
  sendDueReminders(now = new Date()): Promise<number> {
    return this.reminders.sendDue(now, (draft, at) => this.create(draft, at));
  }

  startTimers(): void {
    this.timers.start();
  }

  stopTimers(): Promise<void> {
    return this.timers.stop();
  }

  onModuleDestroy(): Promise<void> {
    return this.stopTimers();
  }

  /** A check-in or reflection: the day's reminder is not needed. */
  noteCheckIn(userId: string, at: Date): Promise<void> {
    return this.reminders.noteCheckIn(userId, at);
  }

  /**
   * Creates the notification of a draft (once per cause) and announces it. A repeat (the same event
   * again, e.g. after a crash before it was announced) announces it again under the same event id.
   * Nothing is created between members who block each other, nor of a type the member turned off; a
   * member who chose the daily digest gets the others in it (held until then).
   */
  async create(draft: NotificationDraft, at = new Date()): Promise<NotificationDoc | undefined> {
    const [stored] = await this.createMany([{ draft, at }]);
    return stored;
  }

  /**
   * create() for each of a run of drafts (a run of events), with one read of the settings, the
   * blocks, the members and the waiting rewards for all of them, one insert and one announcement.
   * Answers what each draft stored (undefined: nothing now).
   */
  async createMany(
    drafts: { draft: NotificationDraft; at: Date }[],
  ): Promise<(NotificationDoc | undefined)[]> {
    if (drafts.length === 0) return [];
    const withActor = drafts.filter(({ draft }) => draft.actorId);
    const [deliveries, blockedEach, people] = await Promise.all([
      this.settings.deliveriesOf(drafts.map(({ draft }) => draft)),
      this.blocks.eitherWayEach(withActor.map(({ draft }) => [draft.actorId, draft.userId])),
      this.members.getMany(drafts.flatMap(({ draft }) => [draft.userId, draft.actorId])),
    ]);
    const blocked = new Set(withActor.filter((_, index) => blockedEach[index]).map(({ draft }) => draft));
    const docs: (NotificationDoc | undefined)[] = [];
    for (const [index, { draft, at }] of drafts.entries()) {
      docs.push(undefined);
      if (deliveries[index] === 'muted' || blocked.has(draft)) continue;
      // A member identity does not know (another environment's event on a shared broker): nobody to tell.
      if (!people.has(draft.userId)) continue;
      const actor = draft.actorId ? (people.get(draft.actorId) ?? null) : null;
      const name = actor ? actor.displayName || actor.username : 'Someone';
      if (deliveries[index] === 'digest')
        await this.digest.hold(derivedId(`notification:${draft.key}`), draft, actor ? name : '', at);
      else docs[index] = notificationDoc(draft, actor, name, at);
    }
    const made = docs.filter((doc): doc is NotificationDoc => doc !== undefined);
    if (made.length === 0) return docs;
    // Economy may have paid the reward for a cause already (see attachReward).
    const waiting = await this.cache.pendingRewards(made.map((doc) => doc._id));
    made.forEach((doc, index) => (doc.coins_micro ??= waiting[index] ?? null));
    const inserted = await this.repository.insertNew(made);
    const repeats = made.filter((doc) => !inserted.has(doc));
    if (repeats.length > 0) {
      const before = await this.repository.findByIds(repeats.map((doc) => doc._id));
      const storedById = new Map(before.map((doc) => [doc._id, doc]));
      docs.forEach((doc, index) => {
        if (doc && !inserted.has(doc)) docs[index] = storedById.get(doc._id) ?? doc;
      });
    }
    const stored = docs.filter((doc): doc is NotificationDoc => doc !== undefined);
    await Promise.all(stored.map((doc) => this.cache.add(doc)));
    // Both sides look after writing, so a reward and its notification arriving together still meet.
    const unpaid = [...docs.keys()].filter((index) => docs[index]?.coins_micro === null);
    const rewards = await this.cache.pendingRewards(unpaid.map((index) => docs[index]!._id));
    for (const [at, index] of unpaid.entries()) {
      const doc = docs[index]!;
      if (rewards[at] !== undefined)
        docs[index] = (await this.setCoins(doc._id, doc.user_id, rewards[at])) ?? doc;
    }
    const announced = docs.filter((doc): doc is NotificationDoc => doc !== undefined);
    await this.publisher.publish(announced.map((doc) => this.createdEvent(doc)));
    return docs;
  }

  /** reward.paid: the notification of the rewarded cause shows the coins (whichever arrives first). */
  async attachReward(cause: string, userId: string, micro: number): Promise<void> {
    const id = derivedId(`notification:${cause}`);
    await this.cache.rememberReward(id, micro);
    await this.setCoins(id, userId, micro);
  }

  private async setCoins(id: string, userId: string, micro: number): Promise<NotificationDoc | undefined> {
    const doc = await this.repository.setCoins(id, userId, micro);
    if (doc) await this.cache.patch(doc);
    return doc;
  }

  private createdEvent(doc: NotificationDoc): EventRecord {
    const record = createEvent(this.runtime.service, 'notification.created', doc.user_id, {
      userId: doc.user_id,
      notification: toNotificationProto(doc),
    });
    return { ...record, id: derivedId(`notification.created:${doc._id}`) };
  }

  /** Loads the member's window into Redis; a change made while reading MongoDB means reading again. */
  private async ensureLoaded(userId: string): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt++) {
      if (await this.cache.loaded(userId)) return;
      const generation = await this.cache.generation(userId);
      const [recent, unread] = await Promise.all([
        this.repository.newestOf(userId, this.cache.window),
        this.repository.countUnread(userId),
      ]);
      if (await this.cache.load(userId, recent, unread, generation)) return;
    }
    throw new Unavailable('notifications are changing too fast to load; try again');
  }

  async list(
    caller: Caller | undefined,
    request: messaging.ListNotificationsRequest,
  ): Promise<messaging.NotificationPage> {
    const userId = callerId(caller);
    const limit = Math.min(Math.max(request.limit || 20, 1), MAX_NOTIFICATIONS_PAGE);
    const cursor = decodeCursor(request.cursor);
    if (request.cursor && !cursor) throw new InvalidInput(NotificationMessages.badCursor);
    await this.ensureLoaded(userId);
    const want = limit + 1;
    const recent = await this.cache.recent(userId);
    const items = recent
      .filter((item) => !cursor || olderThan(item.ms, item.doc._id, cursor))
      .slice(0, want)
      .map((item) => ({ doc: item.doc, ms: item.ms, readAt: item.readAt as Date | null | undefined }));
    if (items.length < want && recent.length >= this.cache.window) {
      const last = items.at(-1);
      const after = last ? { ms: last.ms, id: last.doc._id } : cursor;
      const older = await this.repository.newestOf(userId, want - items.length, after);
      items.push(
        ...older.map((doc) => ({ doc, ms: new Date(doc.created_at).getTime(), readAt: doc.read_at })),
      );
    }
    const page = items.slice(0, limit);
    const next = items.length > limit ? page.at(-1) : undefined;
    return {
      notifications: page.map((item) => toNotificationProto(item.doc, item.readAt)),
      nextCursor: next ? encodeCursor({ ms: next.ms, id: next.doc._id }) : '',
    };
  }

  async stats(caller: Caller | undefined): Promise<messaging.NotificationStats> {
    const userId = callerId(caller);
    await this.ensureLoaded(userId);
    return { unreadCount: await this.cache.unread(userId) };
  }

  async markRead(caller: Caller | undefined, id: string): Promise<messaging.NotificationStats> {
    const userId = callerId(caller);
    if (!isUuid(id)) throw new NotFound(NotificationMessages.notFound);
    const doc = await this.repository.findById(id);
    if (!doc || doc.user_id !== userId) throw new NotFound(NotificationMessages.notFound);
    await this.ensureLoaded(userId);
    if (!doc.read_at) {
      const at = new Date();
      // Conditional: of concurrent calls one marks it read, and only that one may lower the unread
      // count of a notification older than the cached window.
      await this.cache.markRead(userId, id, at, await this.repository.markRead(id, at));
    }
    return { unreadCount: await this.cache.unread(userId) };
  }

  /** Deletes every notification of a member (their account was erased); answers how many. */
  async deleteAllOf(userId: string): Promise<number> {
    const deletedCount = await this.repository.deleteAllOf(userId);
    await this.cache.drop(userId);
    await this.settings.remove(userId);
    await this.digest.removeAllOf(userId);
    return deletedCount;
  }

  /** The types the caller turned off, and whether the others come in a daily digest. */
  async getSettings(caller: Caller | undefined): Promise<messaging.NotificationSettings> {
    return toSettingsProto(await this.settings.preferencesOf(callerId(caller)));
  }

  /**
   * Replaces the caller's settings: the next event of a type turned off notifies them of nothing, and
   * with the daily digest the next one waits for it. What is held stays in the next digest even when
   * the digest is turned off. The digest and the reminder left out are unchanged.
   */
  async updateSettings(
    caller: Caller | undefined,
    request: messaging.NotificationSettings,
  ): Promise<messaging.NotificationSettings> {
    const userId = callerId(caller);
    const mutedTypes = validateMutedTypes(request.mutedTypes ?? []);
    const current = await this.settings.preferencesOf(userId);
    const dailyDigest = request.dailyDigest ?? current.dailyDigest;
    let reminder = current.reminder;
    if (request.reminderTime !== undefined)
      reminder = request.reminderTime
        ? validateReminderTime(request.reminderTime, request.reminderTimeZone || 'UTC')
        : null;
    const preferences = { mutedTypes, dailyDigest, reminder };
    await this.settings.save(userId, preferences);
    return toSettingsProto(preferences);
  }

  async markAllRead(caller: Caller | undefined): Promise<messaging.NotificationStats> {
    const userId = callerId(caller);
    await this.ensureLoaded(userId);
    const at = new Date();
    await this.cache.markAllRead(userId, at);
    await this.repository.markAllRead(userId, at);
    await this.cache.bump(userId);
    this.logger.debug({ userId }, 'notifications marked read');
    return { unreadCount: await this.cache.unread(userId) };
  }
}
