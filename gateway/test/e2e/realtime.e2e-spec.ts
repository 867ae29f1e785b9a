import { io, Socket } from 'socket.io-client';
import { api, baseUrl, newMember } from './support/api';

function connect(auth: Record<string, string> | undefined): Promise<{ socket: Socket; error?: Error }> {
  return new Promise((resolve) => {
    const socket = io(baseUrl, {
      path: '/socket.io',
      transports: ['websocket', 'polling'],
      auth,
      reconnection: false,
      timeout: 5000,
    });
    socket.on('connect', () => resolve({ socket }));
    socket.on('connect_error', (error) => resolve({ socket, error }));
  });
}

describe('socket.io at /socket.io', () => {
  it('accepts a valid access token in the handshake', async () => {
    const { body } = await api('POST', '/auth/register', { body: newMember('sock') });
    const { socket, error } = await connect({ token: body.access_token });
    try {
      expect(error).toBeUndefined();
      expect(socket.connected).toBe(true);
    } finally {
      socket.close();
    }
  });

  it.each([
    ['no token', undefined],
    ['a forged token', { token: 'eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl' }],
  ])('refuses a connection with %s', async (_case, auth) => {
    const { socket, error } = await connect(auth);
    try {
      expect(socket.connected).toBe(false);
      expect(error?.message).toBe('Unauthorized');
    } finally {
      socket.close();
    }
  });
});
