import { createApiClient } from '../../../api/client';
import { createMemoryTokenStore } from '../../../api/token-store';
import { createMessagingApi } from './messaging.api';

function gateway(answer: () => Response) {
  const seen: Request[] = [];
  const fetch = jest.fn(async (request: Request) => {
    seen.push(request.clone());
    return answer();
  });
  const api = createApiClient({
    baseUrl: 'http://gateway.test',
    tokenStore: createMemoryTokenStore('t1'),
    fetch,
  });
  return { messaging: createMessagingApi(api), seen };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('messaging api (spec 000 §7 "Messaging")', () => {
  it('reads the newest page of a conversation', async () => {
    const { messaging, seen } = gateway(() => json([]));
    await messaging.messages('a:b');
    expect(new URL(seen[0]!.url).pathname).toBe('/api/conversations/a%3Ab/messages');
    expect(new URL(seen[0]!.url).search).toBe('?limit=50');
  });

  it('sends text with its client id', async () => {
    const { messaging, seen } = gateway(() => json({ id: 'm' }, 201));
    await messaging.send('b1', 'hi', 'c1');
    expect(seen[0]!.method).toBe('POST');
    expect(await seen[0]!.json()).toEqual({
      recipient_id: 'b1',
      content: 'hi',
      message_type: 'text',
      client_message_id: 'c1',
    });
  });

  it('sends media as multipart: the fields, then the file', async () => {
    const { messaging, seen } = gateway(() => json({ id: 'm' }, 201));
    await messaging.sendWithMedia({
      recipientId: 'b1',
      content: 'look',
      file: new Blob(['png'], { type: 'image/png' }),
      fileName: 'sun.png',
      messageType: 'image',
      clientMessageId: 'c2',
    });
    const request = seen[0]!;
    expect(new URL(request.url).pathname).toBe('/api/messages/send-with-media');
    expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.headers.get('authorization')).toBe('Bearer t1');
    const form = await request.formData();
    expect([...form.keys()]).toEqual([
      'recipient_id',
      'content',
      'message_type',
      'client_message_id',
      'file',
    ]);
    expect((form.get('file') as File).name).toBe('sun.png');
  });

  it('blocks with {user_id, reason} and unblocks with DELETE', async () => {
    const { messaging, seen } = gateway(() => json({ user_id: 'b1', is_blocked: true, message: '' }));
    await messaging.block('b1');
    await messaging.unblock('b1');
    expect(seen.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'POST /api/users/b1/block',
      'DELETE /api/users/b1/block',
    ]);
    expect(await seen[0]!.json()).toEqual({ user_id: 'b1', reason: '' });
  });
});
