import type { TLiveTopic } from '@meridian/contracts/live';

/** An open live account-updates stream (GET /api/live/events on a listening server), read with fetch. */
export interface TLiveStream {
  status: number;
  /** Every `change` event's topics received so far, in order. */
  changes: TLiveTopic[][];
  /** Everything received so far. */
  text(): string;
  /** Resolves when the server has ended the response. */
  ended: Promise<void>;
  /** Resolves with the first change event from now on that names `topic` (rejects after `ms`). */
  next(topic: TLiveTopic, ms?: number): Promise<TLiveTopic[]>;
  close(): void;
}

/** Opens the stream as the holder of `token` (none: anonymous); resolves once the answer's head has come. */
export async function openLiveStream(baseUrl: string, token?: string): Promise<TLiveStream> {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/api/live/events`, {
    headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    signal: abort.signal,
  });
  let text = '';
  const changes: TLiveTopic[][] = [];
  const waiters = new Set<() => void>();
  let endedResolve: () => void = () => {};
  const ended = new Promise<void>((resolve) => {
    endedResolve = resolve;
  });
  const reader = res.body?.getReader();
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      while (reader) {
        const { done, value } = await reader.read();
        if (done) break;
        const chunk = decoder.decode(value, { stream: true });
        text += chunk;
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^event: change\ndata: (.*)$/m.exec(frame);
          if (data?.[1]) {
            changes.push((JSON.parse(data[1]) as { topics: TLiveTopic[] }).topics);
            for (const waiter of [...waiters]) waiter();
          }
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // Closed by the test.
    }
    endedResolve();
  })();
  return {
    status: res.status,
    changes,
    text: () => text,
    ended,
    next(topic, ms = 5000) {
      const from = changes.length;
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = changes.slice(from).find((topics) => topics.includes(topic));
          if (!found) return;
          cleanup();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no '${topic}' change within ${ms} ms; received: ${JSON.stringify(changes.slice(from))}`));
        }, ms);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
      });
    },
    close: () => abort.abort(),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
