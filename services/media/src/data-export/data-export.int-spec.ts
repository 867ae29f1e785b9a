// The data export's worker against the real local MongoDB server and S3 (deploy/local), built by
// MediaModule as startMedia builds it. The parts come from a stand-in for the other services (their
// ExportMemberData is tested in their own service specs and end to end in
// gateway/test/e2e/data-export.e2e-spec.ts).
import { ServiceRuntime } from '@aura/platform';
import { readZip, testConfig } from '@aura/platform/testing';
import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Connection } from 'mongoose';
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { loadMediaConfig } from '../config';
import { MediaModule } from '../media.module';
import { MediaStorage } from '../storage/media-storage';
import { DataExportService } from './data-export.service';
import { DataExportWorker, exportObjectKey } from './data-export.worker';
import { DataExportsRepository } from './data-exports.repository';
import { ExportPart, ExportRecord, ExportSources } from './export-sources';

let runtime: ServiceRuntime;
let app: INestApplicationContext;
let mongo: Connection;
let storage: MediaStorage;
let exports: DataExportsRepository;
let service: DataExportService;
let worker: DataExportWorker;
/** The repositories' calls to the runtime after a write that stored events. */
let eventsStored: jest.SpiedFunction<ServiceRuntime['eventsStored']>;
const published = () => eventsStored.mock.calls.flatMap(([records]) => records.map((r) => r.type));

/** Parts as the services would answer them: a page of two posts, one of each other part. */
class StandInSources implements ExportSources {
  failing = false;
  async *pages(part: ExportPart, userId: string): AsyncIterable<ExportRecord[]> {
    if (this.failing) throw new Error('social is down');
    if (part.part === 'posts') {
      yield [{ id: 'p1', content: 'first, "quoted"' }];
      yield [{ id: 'p2', content: '=1+1' }];
      return;
    }
    yield [{ id: `${part.part}-1`, owner: userId }];
  }
}

const sources = new StandInSources();
const member = () => `member-${randomBytes(6).toString('hex')}`;

beforeAll(async () => {
  const config = loadMediaConfig({
    ...process.env,
    AURA_ENV: 'test',
    AURA_DB_SUFFIX: testConfig().AURA_DB_SUFFIX,
    LOG_LEVEL: 'silent',
  });
  runtime = await ServiceRuntime.create({
    service: 'media',
    config,
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
  });
  // The outbox relay is not started (runtime.start is not called): the events stay stored.
  eventsStored = jest.spyOn(runtime, 'eventsStored');
  app = await NestFactory.createApplicationContext(
    MediaModule.register(runtime, config, { exportSources: sources }),
    { logger: false },
  );
  await app.init();
  mongo = runtime.mongo;
  storage = app.get(MediaStorage);
  exports = app.get(DataExportsRepository);
  service = app.get(DataExportService);
  worker = app.get(DataExportWorker);
});

afterAll(async () => {
  await app?.close();
  await runtime?.stop();
});

// The queue is global: each test starts with it empty, so what it claims is its own.
beforeEach(async () => {
  sources.failing = false;
  await Promise.all([
    mongo.collection('data_exports').deleteMany({}),
    mongo.collection('data_export_open').deleteMany({}),
  ]);
});

describe('data export worker', () => {
  it('builds the ZIP with progress, makes it ready once, and serves it to its owner only', async () => {
    const owner = member();
    const job = await exports.request(owner, new Date());
    const steps: string[] = [];
    const claimed = (await exports.claim(new Date()))!;
    expect(claimed._id).toBe(job._id);
    const original = exports.progress.bind(exports);
    exports.progress = async (id, attempt, progress, step, now) => {
      steps.push(`${progress} ${step}`);
      return original(id, attempt, progress, step, now);
    };
    try {
      await worker.run(claimed);
    } finally {
      exports.progress = original;
    }
    expect(steps[0]).toBe('0 Profile');
    expect(steps.at(-1)).toMatch(/^9\d Finishing$/);
    const progressValues = steps.map((s) => Number(s.split(' ')[0]));
    expect([...progressValues].sort((a, b) => a - b)).toEqual(progressValues);

    const [ready] = (await service.list({ userId: owner, role: 'user' })).exports;
    expect(ready).toMatchObject({ id: job._id, status: 'ready', progress: 100, step: '' });
    expect(published().filter((type) => type === 'data_export.ready').length).toBeGreaterThanOrEqual(1);

    const opened = await service.open({ userId: owner, role: 'user' }, job._id);
    const chunks: Buffer[] = [];
    for await (const chunk of opened.body) chunks.push(chunk as Buffer);
    const zip = Buffer.concat(chunks);
    expect(zip.length).toBe(Number(ready.size));
    const files = new Map([...(await readZip(zip))].map(([name, bytes]) => [name, bytes.toString('utf8')]));
    expect(JSON.parse(files.get('posts.json')!)).toEqual([
      { id: 'p1', content: 'first, "quoted"' },
      { id: 'p2', content: '=1+1' },
    ]);
    expect(files.get('posts.csv')).toBe('id,content\r\np1,"first, ""quoted"""\r\np2,\'=1+1\r\n');
    expect(JSON.parse(files.get('wallet-history.json')!)).toEqual([{ id: 'wallet-1', owner }]);
    expect(JSON.parse(files.get('media.json')!)).toEqual([]);
    expect(files.has('README.txt')).toBe(true);

    await expect(service.open({ userId: member(), role: 'user' }, job._id)).rejects.toThrow(
      'Export not found',
    );
    // Finished: the member may ask again.
    expect((await exports.request(owner, new Date())).status).toBe('queued');
  });

  it('a job whose worker died is taken over when its lease runs out; the dead attempt cannot finish it', async () => {
    const owner = member();
    const job = await exports.request(owner, new Date());
    const dead = (await exports.claim(new Date()))!;
    expect(dead._id).toBe(job._id);
    // While the lease holds nobody else takes it...
    expect(await exports.claim(new Date())).toBeNull();
    // ...once it has run out, the next worker does (attempt 2) and builds it.
    const later = new Date(Date.now() + 61_000);
    const taken = (await exports.claim(later))!;
    expect(taken).toMatchObject({ _id: job._id, attempts: 2 });
    await worker.run(taken);
    expect(await exports.findOwned(job._id, owner)).toMatchObject({ status: 'ready', attempts: 2 });
    // The first worker, had it lived, can neither report progress nor finish.
    expect(await exports.progress(job._id, 1, 50, 'Posts', new Date())).toBe(false);
    expect(await exports.finish(dead, exportObjectKey(dead), 1, new Date())).toBe(false);
  });

  it('gives up after three failed attempts, leaves no ZIP, and lets the member ask again', async () => {
    const owner = member();
    const job = await exports.request(owner, new Date());
    sources.failing = true;
    let at = Date.now();
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const claimed = (await exports.claim(new Date(at)))!;
      expect(claimed).toMatchObject({ _id: job._id, attempts: attempt });
      await worker.run(claimed);
      at += 61_000;
    }
    expect(await exports.findOwned(job._id, owner)).toMatchObject({ status: 'failed' });
    expect(await storage.stat(exportObjectKey(job))).toBeUndefined();
    expect(await exports.claim(new Date(at))).toBeNull();
    sources.failing = false;
    expect((await exports.request(owner, new Date())).status).toBe('queued');
  });

  it('admits one of many racing requests, and replaces a claim a crash left behind', async () => {
    const owner = member();
    const answers = await Promise.allSettled(
      Array.from({ length: 8 }, () => exports.request(owner, new Date())),
    );
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    expect(
      answers.filter((a) => a.status === 'rejected' && /already being prepared/.test(String(a.reason))),
    ).toHaveLength(7);
    // A crash between the claim and the export's insert: the claim names an export that never was.
    const orphan = member();
    await mongo.collection('data_export_open').insertOne({
      _id: orphan as never,
      export_id: 'never-inserted',
      created_at: new Date(Date.now() - 120_000),
    });
    expect((await exports.request(orphan, new Date())).status).toBe('queued');
  });

  it('the expiry sweep deletes ready ZIPs past their time and marks them expired', async () => {
    const owner = member();
    const job = await exports.request(owner, new Date());
    await worker.run((await exports.claim(new Date()))!);
    expect(await storage.stat(exportObjectKey(job))).toBeDefined();
    const swept = await worker.sweepExpired(new Date(Date.now() + 8 * 86_400_000));
    expect(swept).toBeGreaterThanOrEqual(1);
    expect(await exports.findOwned(job._id, owner)).toMatchObject({ status: 'expired' });
    expect(await storage.stat(exportObjectKey(job))).toBeUndefined();
  });
});
