// Reports and moderation against the real local MongoDB: concurrent first reports make one case,
// concurrent double reports by one member count once, concurrent actions close a case once (one
// audit entry, one event), and the queue's and audit log's queries are served by indexes.
import {
  Caller,
  connectMongo,
  Conflict,
  databaseName,
  EventRecord,
  explainFind,
  OutboxModel,
  RuleViolation,
  servedByIndex,
} from '@aura/platform';
import { testConfig } from '@aura/platform/testing';
import { adminEvents } from '@aura/proto';
import type { Connection } from 'mongoose';
import { randomUUID } from 'node:crypto';
import type { NameSource } from '../members/member-names';
import { ModerationRepository } from './moderation.repository';
import { ModerationService } from './moderation.service';

let connection: Connection;
let repository: ModerationRepository;
let moderation: ModerationService;
const stored: EventRecord[] = [];

const names: NameSource = {
  find: async (id) => ({ id, username: `name_${id.slice(0, 6)}`, displayName: `Name ${id.slice(0, 4)}` }),
};
const member = (): Caller => ({ userId: randomUUID(), role: 'user' });
const anAdmin = (): Caller => ({ userId: randomUUID(), role: 'admin' });
const postBy = (authorId: string) => ({ type: 'post', id: randomUUID(), memberId: authorId, text: 'hello' });

beforeAll(async () => {
  const config = testConfig();
  connection = await connectMongo(config.MONGODB_URI, databaseName('admin', `mod_${config.AURA_DB_SUFFIX}`));
  await connection.dropDatabase();
  repository = new ModerationRepository(connection, {
    service: 'admin',
    registerOutbox: (..._models: OutboxModel[]) => undefined,
    eventsStored: (records: EventRecord[]) => void stored.push(...records),
  });
  moderation = new ModerationService(repository, names);
  await repository.ensureIndexes();
});

afterAll(async () => {
  await connection?.dropDatabase();
  await connection?.close();
});

describe('moderation', () => {
  it('makes one case of eight first reports at once, and counts each reporter once', async () => {
    const author = randomUUID();
    const target = postBy(author);
    const reporters = Array.from({ length: 8 }, member);
    const receipts = await Promise.all(
      reporters.map((reporter) => moderation.report(reporter, { target, reason: 'spam' })),
    );
    expect(new Set(receipts.map((receipt) => receipt.caseId)).size).toBe(1);
    // The same member four times at once: one report, three refusals.
    const again = await Promise.allSettled(
      Array.from({ length: 4 }, () => moderation.report(reporters[0], { target, reason: 'hate' })),
    );
    expect(again.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(0);
    for (const outcome of again)
      expect((outcome as PromiseRejectedResult).reason).toEqual(
        new Conflict('You have already reported this'),
      );
    const found = await repository.cases.findById(receipts[0].caseId).lean().exec();
    expect(found).toMatchObject({ status: 'open', report_count: 8, reason_counts: { spam: 8 } });
    expect(await repository.reports.countDocuments({ case_id: receipts[0].caseId })).toBe(8);
  });

  it('closes a case once when admins act at once: one audit entry, one event', async () => {
    const author = randomUUID();
    const { caseId } = await moderation.report(member(), { target: postBy(author), reason: 'hate' });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        moderation.act(anAdmin(), { caseId, action: i % 2 ? 'remove' : 'warn', reason: `admin ${i}` }),
      ),
    );
    const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const outcome of outcomes.filter((o) => o.status === 'rejected'))
      expect((outcome as PromiseRejectedResult).reason).toEqual(
        new RuleViolation('This case is already closed'),
      );
    expect(await repository.actions.countDocuments({ case_id: caseId })).toBe(1);
    // Keyed by the member: one member's actions reach identity in order.
    const events = stored.filter((event) => event.type === 'moderation.action_taken' && event.key === author);
    expect(events).toHaveLength(1);
    expect(adminEvents.ModerationActionTaken.decode(events[0].payload)).toMatchObject({
      caseId,
      memberId: author,
      targetType: 'post',
    });
    // A later report of the same thing opens a new case (the old one stays closed).
    const target = (await repository.cases.findById(caseId).lean().exec())!.target;
    const next = await moderation.report(member(), {
      target: { type: target.type, id: target.id, memberId: author },
      reason: 'spam',
    });
    expect(next.caseId).not.toBe(caseId);
  });

  it('lifts a suspension once when admins lift at once, naming the action it ends', async () => {
    const suspended = randomUUID();
    const { caseId } = await moderation.report(member(), {
      target: { type: 'member', id: suspended, memberId: suspended },
      reason: 'spam',
    });
    await expect(moderation.lift(anAdmin(), { caseId, reason: 'early' })).rejects.toEqual(
      new RuleViolation('This case has no suspension or ban to lift'),
    );
    await moderation.act(anAdmin(), { caseId, action: 'suspend', reason: 'Spam', days: 3 });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => moderation.lift(anAdmin(), { caseId, reason: `appeal ${i}` })),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes.filter((o) => o.status === 'rejected'))
      expect((outcome as PromiseRejectedResult).reason).toEqual(
        new RuleViolation('This case has no suspension or ban to lift'),
      );
    const entries = await repository.actions.find({ case_id: caseId }).sort({ created_at: 1 }).lean().exec();
    expect(entries.map((entry) => entry.action)).toEqual(['suspend', 'lift']);
    const events = stored
      .filter((event) => event.type === 'moderation.action_taken' && event.key === suspended)
      .map((event) => adminEvents.ModerationActionTaken.decode(event.payload));
    expect(events.map((event) => event.action)).toEqual(['suspend', 'lift']);
    expect(events[1]).toMatchObject({ liftsActionId: entries[0]._id, actionId: entries[1]._id });
    expect((await repository.cases.findById(caseId).lean().exec())!.lifted_at).toBeInstanceOf(Date);
  });

  it('keeps an admin out of a case about themselves, and members out of the queue', async () => {
    const admin = anAdmin();
    const { caseId } = await moderation.report(member(), {
      target: { type: 'member', id: admin.userId, memberId: admin.userId },
      reason: 'other',
    });
    await expect(moderation.act(admin, { caseId, action: 'dismiss', reason: 'mine' })).rejects.toThrow(
      'You cannot act on a report about yourself',
    );
    await expect(moderation.list(member(), {})).rejects.toThrow('Admin access required');
    await expect(
      moderation.report(undefined, { target: postBy(randomUUID()), reason: 'spam' }),
    ).rejects.toThrow('Not authenticated');
  });

  it('serves the queue, a member’s cases and the audit log from indexes', async () => {
    const queue = await explainFind(
      repository.cases.collection,
      { status: 'open' },
      { sort: { last_reported_at: -1, _id: -1 }, limit: 31 },
    );
    expect(servedByIndex(queue)).toBe(true);
    const prior = await explainFind(
      repository.cases.collection,
      { 'member.id': 'x' },
      { sort: { first_reported_at: -1 }, limit: 20 },
    );
    expect(servedByIndex(prior)).toBe(true);
    const log = await explainFind(
      repository.actions.collection,
      {},
      { sort: { created_at: -1, _id: -1 }, limit: 31 },
    );
    expect(servedByIndex(log)).toBe(true);
  });
});
