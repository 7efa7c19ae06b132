import { endpointPath } from '@meridian/contracts/endpoint';
import { streamLiveEvents } from '@meridian/contracts/endpoints/live';
import { LIVE_EVENTS, LIVE_TOPICS, type TLiveTopic } from '@meridian/contracts/live-terms';

/**
 * The signed-in user's live account updates (GET /api/live/events; docs/architecture.md, "Live
 * account updates"): one stream per tab, read with fetch so the access token goes in the
 * Authorization header, never in the address. It reconnects with backoff whenever the stream ends
 * (the server closes it when the access token expires or the session ends, and on shutdown), asking
 * for a fresh token after a 401, and stops for good when the session is gone.
 */
export interface TLiveStreamOptions {
  /** The current access token, or null once signed out. */
  token: () => string | null;
  /** A fresh access token after a 401, or null when the session has ended. */
  renew: () => Promise<string | null>;
  /** Called with the topics of each change event. */
  onChange: (topics: readonly TLiveTopic[]) => void;
  /** Called when a stream opens after an earlier one ended: changes may have been missed meanwhile. */
  onReconnect: () => void;
  /** Closes the stream while the tab has been hidden this long (it reopens when shown). */
  hiddenCloseMs?: number;
}

const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;
const TOPICS = new Set<string>(LIVE_TOPICS);

/** Opens the stream; answers the function that stops it for good. */
export function startLiveStream(options: TLiveStreamOptions): () => void {
  const hiddenCloseMs = options.hiddenCloseMs ?? 60_000;
  let stopped = false;
  let abort: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let hiddenTimer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let openedBefore = false;
  /** Closed while the tab is hidden: reopened when it is shown again. */
  let paused = false;

  const schedule = (ms: number) => {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void connect(), ms);
  };
  const backoff = () => {
    failures += 1;
    const ms = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (failures - 1));
    // Some jitter, so the tabs of a restarted server do not all come back at the same moment.
    schedule(ms / 2 + randomFraction() * (ms / 2));
  };

  async function connect(): Promise<void> {
    if (stopped || paused || abort) return;
    let token = options.token();
    if (!token) return stop();
    const controller = new AbortController();
    abort = controller;
    try {
      let res = await open(token, controller.signal);
      if (res.status === 401) {
        token = await options.renew();
        if (!token || controller.signal.aborted) {
          if (!token) stop();
          return;
        }
        res = await open(token, controller.signal);
      }
      if (res.status === 401 || res.status === 403) {
        // No longer signed in as someone this stream is for.
        stop();
        return;
      }
      if (!res.ok || !res.body) throw new Error(`live stream: ${res.status}`);
      await read(res.body, controller.signal);
      // The server ended the stream (token expiry, session check, shutdown): reconnect soon.
      if (abort === controller) abort = null;
      if (!stopped && !paused) schedule(FIRST_RETRY_MS / 2 + randomFraction() * FIRST_RETRY_MS);
    } catch {
      if (abort === controller) abort = null;
      if (!controller.signal.aborted && !stopped && !paused) backoff();
    }
  }

  function open(token: string, signal: AbortSignal) {
    return fetch(`/api${endpointPath(streamLiveEvents)}`, {
      headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
      credentials: 'same-origin',
      cache: 'no-store',
      signal,
    });
  }

  async function read(body: ReadableStream<Uint8Array>, signal: AbortSignal) {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    const cancel = () => void reader.cancel().catch(() => undefined);
    signal.addEventListener('abort', cancel);
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          receive(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
        }
      }
    } finally {
      signal.removeEventListener('abort', cancel);
    }
  }

  function receive(frame: string) {
    let event = 'message';
    let data = '';
    for (const line of frame.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data += line.slice(5).trim();
    }
    if (event === LIVE_EVENTS.ready) {
      failures = 0;
      if (openedBefore) options.onReconnect();
      openedBefore = true;
      return;
    }
    if (event !== LIVE_EVENTS.change || !data) return;
    try {
      const parsed = JSON.parse(data) as { topics?: unknown };
      const topics = Array.isArray(parsed.topics)
        ? parsed.topics.filter((topic): topic is TLiveTopic => typeof topic === 'string' && TOPICS.has(topic))
        : [];
      if (topics.length > 0) options.onChange(topics);
    } catch {
      // Not an event of ours: ignored.
    }
  }

  function close() {
    clearTimeout(retryTimer);
    abort?.abort();
    abort = null;
  }

  function onVisibility() {
    clearTimeout(hiddenTimer);
    if (document.visibilityState === 'hidden') {
      hiddenTimer = setTimeout(() => {
        paused = true;
        close();
      }, hiddenCloseMs);
    } else if (paused) {
      paused = false;
      failures = 0;
      void connect();
    }
  }

  function stop() {
    stopped = true;
    clearTimeout(hiddenTimer);
    close();
    document.removeEventListener('visibilitychange', onVisibility);
  }

  document.addEventListener('visibilitychange', onVisibility);
  void connect();
  return stop;
}

/** A fraction in [0, 1) that spreads reconnections out; from crypto, as every random value here is. */
function randomFraction(): number {
  const [value = 0] = crypto.getRandomValues(new Uint32Array(1));
  return value / 2 ** 32;
}
