// A member's copy of their data (issue 21 §5, docs/data-export.md): asked for once at a time, built
// in the background by media from every service's part with progress, announced by a notification,
// downloadable by its owner only, and holding each part as JSON and CSV plus the uploaded files.
import { closeEarnings, earn, readZip, waitFor } from '@aura/platform/testing';
import { api, baseUrl } from './support/api';
import { pngBytes, uploadFile } from './support/media-files';
import { CATCH_UP_TIMEOUT_MS, createPost, Member, socialCaughtUp, socialMember } from './support/social';

afterAll(closeEarnings);
beforeAll(socialCaughtUp, CATCH_UP_TIMEOUT_MS);

interface DataExport {
  id: string;
  status: string;
  progress: number;
  step: string;
  size: number | null;
  expires_at: string | null;
  download_url: string | null;
}

const exportsOf = async (who: Member): Promise<DataExport[]> =>
  (await api('GET', '/account/exports', { token: who.token })).body.exports;

async function download(url: string, token?: string) {
  const response = await fetch(`${baseUrl}${url}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

const json = (files: Map<string, Buffer>, name: string) => JSON.parse(files.get(name)!.toString('utf8'));

describe('data export', () => {
  it('builds a ZIP of every part with progress, notifies the member, and only they can download it', async () => {
    const [member, friend] = [await socialMember('exp_a'), await socialMember('exp_f')];
    const upload = await uploadFile(
      '/media/upload',
      { bytes: await pngBytes(), name: 'sunrise.png', type: 'image/png' },
      { token: member.token },
    );
    expect(upload.status).toBe(200);
    const post = await createPost(member, {
      content: 'Morning light, exported',
      media_url: upload.body.file_url,
    });
    const friendPost = await createPost(friend, { content: 'A friend post' });
    const comment = await api('POST', `/posts/${friendPost.id}/comments`, {
      token: member.token,
      body: { content: 'Lovely, "quoted", and, with commas' },
    });
    expect(comment.status).toBe(201);
    expect((await api('POST', `/users/${friend.id}/follow`, { token: member.token })).status).toBe(200);
    const checkIn = await api('POST', '/profile/mood-checkin', {
      token: member.token,
      body: { mood: 'happy', energy_level: 7, mood_description: 'Slept well' },
    });
    expect(checkIn.status).toBeLessThan(300);
    const reflection = await api('POST', '/reflections', {
      token: member.token,
      body: { content: 'Grateful for small things' },
    });
    expect(reflection.status).toBeLessThan(300);
    const sent = await api('POST', '/messages', {
      token: member.token,
      body: { recipient_id: friend.id, content: 'See you soon', message_type: 'text' },
    });
    expect(sent.status).toBe(201);
    expect(
      (
        await api('POST', '/messages', {
          token: friend.token,
          body: { recipient_id: member.id, content: 'Sure!', message_type: 'text' },
        })
      ).status,
    ).toBe(201);
    await earn(member.id, 5);
    expect(
      (
        await api('POST', '/tips/send', {
          token: member.token,
          body: { recipient_id: friend.id, amount: 2, currency: 'AC', message: 'thanks' },
        })
      ).status,
    ).toBe(200);

    expect(
      (await api('PUT', '/wallet/spending-settings', { token: member.token, body: { daily_limit: 25 } }))
        .status,
    ).toBe(200);
    expect(
      (
        await api('PUT', '/notifications/settings', {
          token: member.token,
          body: { muted_types: ['follow'], daily_digest: true },
        })
      ).status,
    ).toBe(200);

    const asked = await api('POST', '/account/exports', { token: member.token });
    expect(asked).toMatchObject({ status: 202, body: { status: 'queued', progress: 0, download_url: null } });
    // One at a time.
    expect(await api('POST', '/account/exports', { token: member.token })).toMatchObject({
      status: 409,
      body: { detail: 'Your data export is already being prepared.' },
    });

    const seen = new Set<string>();
    await waitFor(
      async () => {
        const [latest] = await exportsOf(member);
        seen.add(latest.status);
        return latest.status === 'ready' || latest.status === 'failed';
      },
      { timeoutMs: 60_000, intervalMs: 100, what: 'the export to finish' },
    );
    const [ready] = await exportsOf(member);
    expect(ready).toMatchObject({
      id: asked.body.id,
      status: 'ready',
      progress: 100,
      step: '',
      download_url: `/api/account/exports/${asked.body.id}/download`,
    });
    expect(new Date(ready.expires_at!).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    // Nobody else can download it, signed in or not.
    expect((await download(ready.download_url!)).status).toBe(401);
    expect((await download(ready.download_url!, friend.token)).status).toBe(404);
    expect((await exportsOf(friend)).length).toBe(0);

    const got = await download(ready.download_url!, member.token);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/zip');
    expect(got.headers.get('content-disposition')).toMatch(
      /^attachment; filename="aura-data-\d{4}-\d\d-\d\d\.zip"$/,
    );
    expect(got.bytes.length).toBe(ready.size);
    const files = await readZip(got.bytes);

    expect(files.has('README.txt')).toBe(true);
    for (const part of [
      'profile',
      'posts',
      'comments',
      'stories',
      'following',
      'saved-posts',
      'conversations',
      'messages',
      'check-ins',
      'reflections',
      'wallet-history',
      'spending-settings',
      'notification-settings',
      'media',
    ]) {
      expect(files.has(`${part}.json`)).toBe(true);
      expect(files.has(`${part}.csv`)).toBe(true);
    }
    const [profile] = json(files, 'profile.json');
    expect(profile).toMatchObject({ id: member.id, username: member.username });
    expect(JSON.stringify(profile)).not.toMatch(/password|totp|recovery|\$argon|\$2[aby]\$/i);
    expect(json(files, 'posts.json')).toEqual([
      expect.objectContaining({ id: post.id, content: 'Morning light, exported' }),
    ]);
    expect(files.get('posts.csv')!.toString('utf8').split('\r\n')[0]).toContain('content');
    expect(json(files, 'comments.json')).toEqual([
      expect.objectContaining({ post_id: friendPost.id, content: 'Lovely, "quoted", and, with commas' }),
    ]);
    expect(files.get('comments.csv')!.toString('utf8')).toContain('"Lovely, ""quoted"", and, with commas"');
    expect(json(files, 'following.json')).toEqual([expect.objectContaining({ username: friend.username })]);
    expect(
      json(files, 'messages.json')
        .map((m: { content: string }) => m.content)
        .sort(),
    ).toEqual(['See you soon', 'Sure!']);
    expect(json(files, 'check-ins.json')).toEqual([expect.objectContaining({ mood: 'happy' })]);
    expect(json(files, 'reflections.json')).toEqual([
      expect.objectContaining({ content: 'Grateful for small things' }),
    ]);
    const wallet = json(files, 'wallet-history.json') as Record<string, unknown>[];
    expect(wallet.length).toBeGreaterThanOrEqual(2);
    expect(files.get('wallet-history.csv')!.toString('utf8').split('\r\n').length).toBeGreaterThan(2);
    expect(json(files, 'spending-settings.json')).toEqual([
      expect.objectContaining({ daily_limit_ac: '25.000000', pause_threshold_ac: null }),
    ]);
    expect(json(files, 'notification-settings.json')).toEqual([
      expect.objectContaining({ muted_types: ['follow'], daily_digest: true }),
    ]);
    const [image] = json(files, 'media.json');
    expect(image).toMatchObject({ purpose: 'post', original_filename: 'sunrise.png' });
    expect(image.file).toBe(`media/posts/${upload.body.filename}`);
    expect(files.get(image.file)!.length).toBeGreaterThan(0);

    // The member is told, once.
    await waitFor(
      async () => {
        const { body } = await api('GET', '/notifications', { token: member.token });
        return body.filter((n: { title: string }) => n.title === 'Your data export is ready').length === 1;
      },
      { timeoutMs: 20_000, intervalMs: 200, what: 'the "ready" notification' },
    );
    expect(seen.has('failed')).toBe(false);
  }, 120_000);

  it('needs a signed-in member; an unknown export is "not found"', async () => {
    expect((await api('POST', '/account/exports')).status).toBe(401);
    expect((await api('GET', '/account/exports')).status).toBe(401);
    const member = await socialMember('exp_b');
    expect(await exportsOf(member)).toEqual([]);
    const missing = await download(
      '/api/account/exports/00000000-0000-4000-8000-000000000000/download',
      member.token,
    );
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.bytes.toString('utf8'))).toEqual({ detail: 'Export not found' });
  });

  it('two requests at once make one export; the fourth of a day is refused', async () => {
    const member = await socialMember('exp_c');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => api('POST', '/account/exports', { token: member.token })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([202, 409, 409, 409, 409, 409]);
    for (let round = 2; round <= 3; round += 1) {
      await waitFor(async () => (await exportsOf(member))[0].status === 'ready', {
        timeoutMs: 60_000,
        intervalMs: 200,
        what: `export ${round - 1} to finish`,
      });
      expect((await api('POST', '/account/exports', { token: member.token })).status).toBe(202);
    }
    await waitFor(async () => (await exportsOf(member))[0].status === 'ready', {
      timeoutMs: 60_000,
      intervalMs: 200,
      what: 'export 3 to finish',
    });
    expect(await api('POST', '/account/exports', { token: member.token })).toMatchObject({
      status: 429,
      body: { detail: 'You can export your data 3 times a day. Try again tomorrow.' },
    });
    expect((await exportsOf(member)).map((e) => e.status)).toEqual(['ready', 'ready', 'ready']);
  }, 200_000);
});
