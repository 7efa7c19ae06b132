import type { TLiveTopic } from '@meridian/contracts/live-terms';
import { waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/test/server';
import { startLiveStream } from './live-stream';
import { keysOf } from './use-live-updates';

const encoder = new TextEncoder();

/** An SSE answer of `frames`, ended when `end` is true, otherwise held open. */
function sse(frames: string[], end: boolean) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const frame of frames) controller.enqueue(encoder.encode(frame));
      if (end) controller.close();
    },
  });
  return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
}

const READY = 'retry: 3000\n\nevent: ready\ndata: {}\n\n';
const change = (topics: string[]) => `event: change\ndata: ${JSON.stringify({ topics })}\n\n`;

let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe('startLiveStream', () => {
  it('sends the token in the header and hands on the topics of each change (unknown ones dropped)', async () => {
    const authorizations: (string | null)[] = [];
    server.use(
      http.get('/api/live/events', ({ request }) => {
        authorizations.push(request.headers.get('authorization'));
        return sse(
          [READY, change(['balances', 'transactions']), ': heartbeat\n\n', change(['nonsense', 'positions'])],
          false,
        );
      }),
    );
    const seen: (readonly TLiveTopic[])[] = [];
    stop = startLiveStream({
      token: () => 'token-1',
      renew: async () => null,
      onChange: (topics) => seen.push(topics),
      onReconnect: vi.fn(),
    });
    await waitFor(() => expect(seen).toEqual([['balances', 'transactions'], ['positions']]));
    expect(authorizations).toEqual(['Bearer token-1']);
  });

  it('after a 401 asks for a fresh token and opens with it; reconnects when the server ends the stream', async () => {
    const authorizations: (string | null)[] = [];
    server.use(
      http.get('/api/live/events', ({ request }) => {
        const authorization = request.headers.get('authorization');
        authorizations.push(authorization);
        if (authorization === 'Bearer old') return HttpResponse.json({ error: 'UNAUTHORIZED' }, { status: 401 });
        // The first good stream ends at once (as at its token's expiry); the next stays open.
        return sse([READY], authorizations.length === 2);
      }),
    );
    let token = 'old';
    const onReconnect = vi.fn();
    stop = startLiveStream({
      token: () => token,
      renew: async () => {
        token = 'new';
        return token;
      },
      onChange: vi.fn(),
      onReconnect,
    });
    await waitFor(() => expect(onReconnect).toHaveBeenCalledTimes(1), { timeout: 4000 });
    expect(authorizations).toEqual(['Bearer old', 'Bearer new', 'Bearer new']);
  });

  it('stops for good when the session is gone', async () => {
    const calls = vi.fn();
    server.use(
      http.get('/api/live/events', () => {
        calls();
        return HttpResponse.json({ error: 'UNAUTHORIZED' }, { status: 401 });
      }),
    );
    const renew = vi.fn(async () => null);
    stop = startLiveStream({ token: () => 'expired', renew, onChange: vi.fn(), onReconnect: vi.fn() });
    await waitFor(() => expect(renew).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(calls).toHaveBeenCalledTimes(1);
  });
});

describe('keysOf', () => {
  it('refreshes the signed-in user’s own key families', () => {
    expect(keysOf('balances', 'u1')).toEqual([
      ['balance', 'u1'],
      ['client', 'u1'],
    ]);
    expect(keysOf('notifications', 'u1')).toEqual([['notifications', 'u1'], ['alerts']]);
    expect(keysOf('positions', 'u1')).toEqual([['positions']]);
    expect(keysOf('transactions', 'u1')).toContainEqual(['transactions']);
  });
});
