import { CRYPTO_PAIRS, PAIR_DECIMALS, type TPair } from '@meridian/contracts/market';
import WebSocket from 'ws';
import { type MarketFeed, roundPrice, silentLog, type TFeedSink, type TMarketLog, type TTick } from './interface.ts';

export const BINANCE_DEFAULT_URL = 'wss://stream.binance.com:9443';

/** Our pair → Binance spot symbol. Binance quotes crypto in USDT, which we show as USD. */
const SYMBOLS: Partial<Record<TPair, string>> = {
  'BTC/USD': 'btcusdt',
  'ETH/USD': 'ethusdt',
  'BNB/USD': 'bnbusdt',
  'SOL/USD': 'solusdt',
  'XRP/USD': 'xrpusdt',
};

export interface TBinanceOptions {
  /** Base URL of the stream server (MARKET_WS_URL overrides it; tests point it at a local fake). */
  url?: string;
  pairs?: readonly TPair[];
  /** Updates are coalesced per pair and delivered at most this often (bookTicker sends many per second). */
  batchMs?: number;
  /** With no message for this long the connection is taken as dead and replaced. */
  idleTimeoutMs?: number;
  /** Reconnect delay: `initialMs · 2^attempt`, capped at `maxMs`, times a random factor in [0.5, 1). */
  backoff?: { initialMs: number; maxMs: number };
  random?: () => number;
  clock?: () => number;
  log?: TMarketLog;
}

/** What one combined-stream message may carry, after checking. */
type TParsed =
  | { kind: 'book'; pair: TPair; bid: number; ask: number }
  | { kind: 'mini'; pair: TPair; open: number }
  | { kind: 'ignore' };

/**
 * Binance spot combined streams (`/stream?streams=btcusdt@bookTicker/btcusdt@miniTicker/…`):
 * `{"stream":"btcusdt@bookTicker","data":{"u":…,"s":"BTCUSDT","b":"…","B":"…","a":"…","A":"…"}}` for
 * the best bid/ask, and `{"stream":"btcusdt@miniTicker","data":{"e":"24hrMiniTicker","o":"…",…}}` for
 * the price 24 hours ago. The subscription is in the URL, so every reconnect resubscribes.
 * A dropped connection is retried with capped exponential backoff and jitter; meanwhile the pairs are
 * reported disconnected (their last price is served, marked stale).
 */
export class BinanceFeed implements MarketFeed {
  readonly pairs: readonly TPair[];
  private readonly url: string;
  private readonly batchMs: number;
  private readonly idleTimeoutMs: number;
  private readonly backoff: { initialMs: number; maxMs: number };
  private readonly random: () => number;
  private readonly clock: () => number;
  private readonly log: TMarketLog;
  private readonly bySymbol = new Map<string, TPair>();
  private readonly open24h = new Map<TPair, number>();
  private readonly pending = new Map<TPair, TTick>();
  private socket: WebSocket | undefined;
  private sink: TFeedSink | undefined;
  private attempt = 0;
  private stopped = true;
  private connected = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private flushTimer: NodeJS.Timeout | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  /** Malformed messages seen (logged, then ignored). */
  malformed = 0;
  /** Connections opened so far (tests check reconnects). */
  connections = 0;

  constructor(options: TBinanceOptions = {}) {
    this.pairs = (options.pairs ?? CRYPTO_PAIRS).filter((p) => SYMBOLS[p]);
    this.url = (options.url ?? BINANCE_DEFAULT_URL).replace(/\/+$/, '');
    this.batchMs = options.batchMs ?? 500;
    this.idleTimeoutMs = options.idleTimeoutMs ?? 30_000;
    this.backoff = options.backoff ?? { initialMs: 1000, maxMs: 60_000 };
    this.random = options.random ?? Math.random;
    this.clock = options.clock ?? Date.now;
    this.log = options.log ?? silentLog;
    for (const pair of this.pairs) this.bySymbol.set((SYMBOLS[pair] as string).toUpperCase(), pair);
  }

  /** The URL connected to, with the streams of every pair. */
  get streamUrl(): string {
    const streams = this.pairs.flatMap((p) => [`${SYMBOLS[p]}@bookTicker`, `${SYMBOLS[p]}@miniTicker`]);
    return `${this.url}/stream?streams=${streams.join('/')}`;
  }

  start(sink: TFeedSink) {
    this.sink = sink;
    this.stopped = false;
    this.connect();
  }

  async stop() {
    this.stopped = true;
    this.sink = undefined;
    for (const timer of [this.reconnectTimer, this.flushTimer, this.idleTimer]) clearTimeout(timer);
    this.pending.clear();
    const socket = this.socket;
    this.socket = undefined;
    if (socket && socket.readyState !== WebSocket.CLOSED) {
      await new Promise<void>((resolve) => {
        socket.once('close', () => resolve());
        socket.terminate();
      });
    }
  }

  private connect() {
    if (this.stopped) return;
    this.connections += 1;
    const socket = new WebSocket(this.streamUrl, { handshakeTimeout: 10_000 });
    this.socket = socket;
    socket.on('open', () => {
      this.log.info({ url: this.url }, 'market: exchange stream connected');
      this.armIdleTimer();
    });
    socket.on('message', (data, isBinary) => {
      if (socket !== this.socket) return;
      this.armIdleTimer();
      this.onMessage(isBinary ? '' : data.toString());
    });
    // An 'error' is always followed by 'close'; reconnecting happens there.
    socket.on('error', (err) => this.log.warn({ err: err.message }, 'market: exchange stream error'));
    socket.on('close', () => {
      if (socket !== this.socket) return;
      this.socket = undefined;
      clearTimeout(this.idleTimer);
      this.setConnected(false);
      this.scheduleReconnect();
    });
  }

  private scheduleReconnect() {
    if (this.stopped) return;
    const ceiling = Math.min(this.backoff.maxMs, this.backoff.initialMs * 2 ** this.attempt);
    const delay = Math.round(ceiling * (0.5 + this.random() / 2));
    this.attempt += 1;
    this.log.info({ delayMs: delay, attempt: this.attempt }, 'market: exchange stream reconnecting');
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
    this.reconnectTimer.unref();
  }

  private armIdleTimer() {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.log.warn({ idleMs: this.idleTimeoutMs }, 'market: exchange stream silent, reconnecting');
      this.socket?.terminate();
    }, this.idleTimeoutMs);
    this.idleTimer.unref();
  }

  private setConnected(connected: boolean) {
    if (this.connected === connected) return;
    this.connected = connected;
    if (connected) this.attempt = 0;
    this.sink?.status(this.pairs, connected);
  }

  private onMessage(text: string) {
    const parsed = this.parse(text);
    if (!parsed) {
      this.malformed += 1;
      this.log.warn({ sample: text.slice(0, 200) }, 'market: ignored a malformed exchange message');
      return;
    }
    if (parsed.kind === 'ignore') return;
    // A valid price means the subscription works: the backoff starts over.
    this.setConnected(true);
    if (parsed.kind === 'mini') {
      this.open24h.set(parsed.pair, parsed.open);
      return;
    }
    const open24h = this.open24h.get(parsed.pair);
    this.pending.set(parsed.pair, {
      pair: parsed.pair,
      bid: parsed.bid,
      ask: parsed.ask,
      time: this.clock(),
      source: 'binance',
      ...(open24h === undefined ? {} : { open24h }),
    });
    if (!this.flushTimer) {
      this.flushTimer = setTimeout(() => this.flush(), this.batchMs);
      this.flushTimer.unref();
    }
  }

  private flush() {
    this.flushTimer = undefined;
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending.clear();
    this.sink?.ticks(batch);
  }

  /** A message checked field by field; `undefined` when it is not what Binance sends. */
  private parse(text: string): TParsed | undefined {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return undefined;
    }
    if (!isObject(message)) return undefined;
    // The answer to a SUBSCRIBE request ({"result":null,"id":1}) carries no price.
    if ('result' in message && 'id' in message) return { kind: 'ignore' };
    const { stream, data } = message;
    if (typeof stream !== 'string' || !isObject(data)) return undefined;
    const pair = typeof data.s === 'string' ? this.bySymbol.get(data.s) : undefined;
    if (!pair) return undefined;
    const decimals = PAIR_DECIMALS[pair];
    if (stream.endsWith('@bookTicker')) {
      const bid = priceOf(data.b);
      const ask = priceOf(data.a);
      if (bid === undefined || ask === undefined || bid > ask) return undefined;
      return { kind: 'book', pair, bid: roundPrice(bid, decimals), ask: roundPrice(ask, decimals) };
    }
    if (stream.endsWith('@miniTicker')) {
      const open = priceOf(data.o);
      if (open === undefined) return undefined;
      return { kind: 'mini', pair, open: roundPrice(open, decimals) };
    }
    return undefined;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Binance sends prices as decimal strings ("67250.01000000"). */
function priceOf(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^\d{1,12}(\.\d{1,12})?$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 && Number.isFinite(n) ? n : undefined;
}
