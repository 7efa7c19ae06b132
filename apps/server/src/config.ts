import { existsSync } from 'node:fs';
import { isIPv6 } from 'node:net';
import { resolve } from 'node:path';
import { toCents } from '@meridian/contracts/money';
import { MARKET_PAIRS, type TPair } from '@meridian/contracts/pairs';
import { MAX_COMMISSION_BPS } from '@meridian/contracts/position-terms';
import { z } from 'zod';
import { parseTrustProxy, type TTrustedProxies } from './lib/trusted-proxies.ts';

/** Every setting the server reads from the environment; documented in docs/operations.md, "Settings". */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Where the embedded database (PGlite) and local files live. */
  DATA_DIR: z.string().default('./data'),
  /** Uploaded files (KYC images, unlock photos, avatars); default `<DATA_DIR>/files`. */
  FILES_DIR: z.string().optional(),
  /** When set, PostgreSQL is used instead of the embedded database. */
  DATABASE_URL: z.string().optional(),
  /** First admin; when unset a password is generated and printed once. */
  ADMIN_EMAIL: z.string().default('admin@meridian.local'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /** HMAC key for access tokens. Unset: a random key per process (sessions survive via refresh). */
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  /**
   * How long a server remembers who a bearer token belongs to (0: not at all). At most 1000, so a
   * revoked session, a deactivated client or a changed role is refused within a second by every
   * server instance (docs/security.md, "Sessions").
   */
  AUTH_CACHE_MS: z.coerce.number().int().min(0).max(1000).default(500),
  /** A remembered session lasts this long; an unremembered one ends with the browser. */
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
  /**
   * `auto`: Secure cookies when the request came over HTTPS (behind a proxy: set TRUST_PROXY). With
   * NODE_ENV=production, `auto` (the default) means `true`: only `false` turns Secure off there.
   */
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  /**
   * The proxies in front of the server whose X-Forwarded-* headers are believed: addresses, CIDR
   * ranges, `loopback`/`linklocal`/`uniquelocal`, comma-separated; `false` (default): none.
   * `true` and hop counts are refused (lib/trusted-proxies.ts, docs/operations.md "Behind a proxy").
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx): TTrustedProxies => {
      const parsed = parseTrustProxy(v);
      if ('problem' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.problem });
        return z.NEVER;
      }
      return parsed.proxies;
    }),
  /**
   * Redis shared by several servers on one PostgreSQL: rate limits and the per-IP stream cap count
   * across them. Unset: each server counts alone (docs/operations.md).
   */
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** Starts every key this server writes to Redis, so several deployments (or test runs) can share one. */
  REDIS_KEY_PREFIX: z.string().default('meridian:'),
  /**
   * The bearer token the operator's Prometheus scraper sends to GET /api/metrics. Unset: that route
   * does not exist (docs/operations.md, "Metrics").
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Requests per minute per IP on the sign-in and registration routes. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** Messages per minute per IP through the public support form (POST /api/messagereq). */
  SUPPORT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(5),
  /** Send mail through this SMTP server (smtp://user:pass@host:587); unset: outbox only. */
  SMTP_URL: z.string().optional(),
  /** The sender of platform mail; its address's domain is also every Message-ID's. */
  MAIL_FROM: z
    .string()
    .regex(/@[^\s@<>]+>?\s*$/, 'an address with its domain (name@example.com or Name <name@example.com>)')
    .default('Meridian <no-reply@meridian.local>'),
  /** How often the mail job sends queued mail (docs/operations.md, "Mail"). */
  MAIL_INTERVAL_MS: z.coerce.number().int().min(50).max(3_600_000).default(2_000),
  /** Attempts at sending one mail before it is marked failed (an admin can resend it). */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  /** Wait before the second attempt; each later wait doubles, at most an hour. Decimals allowed. */
  MAIL_RETRY_BASE_SECONDS: z.coerce.number().min(0.01).max(3600).default(30),
  /**
   * The site's own address (https://trade.example.com): emailed links, the origin the sign-in routes
   * accept and the passkeys' default origin. Never taken from a request (docs/security.md, "The
   * site's own address"). Required in production; elsewhere the listening address (publicUrlOf).
   */
  PUBLIC_URL: z.preprocess(
    // `PUBLIC_URL=` in an env file means unset, not a malformed address.
    (v) => (v === '' ? undefined : v),
    z
      .url({ protocol: /^https?$/ })
      .refine((v) => {
        const url = URL.parse(v);
        return url !== null && isOrigin(url);
      }, 'an origin only (scheme, host and port): the site is served at its root')
      .optional(),
  ),
  /**
   * Passkeys (docs/security.md, "Passkeys"): the relying party's id, a domain the site's pages are on
   * (`example.com` for trade.example.com). Unset: the host of PUBLIC_URL.
   */
  WEBAUTHN_RP_ID: z
    .string()
    .regex(/^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i, 'a domain name')
    .optional(),
  /**
   * The origins passkey answers may come from, comma-separated (`https://trade.example.com`). Unset:
   * PUBLIC_URL's origin.
   */
  WEBAUTHN_ORIGINS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      const origins: string[] = [];
      for (const part of v
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)) {
        const url = URL.parse(part);
        if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
          ctx.addIssue({ code: 'custom', message: `not an http(s) origin: ${part}` });
          return z.NEVER;
        }
        origins.push(url.origin);
      }
      return origins;
    }),
  /** Finnhub API key for the market-news feed; unset: no news (the section shows an empty state). */
  FINNHUB_TOKEN: z.string().min(1).optional(),
  /** Finnhub's base address (tests point it at a local fake server). */
  FINNHUB_URL: z.url({ protocol: /^https?$/ }).default('https://finnhub.io'),
  /** Which Finnhub market-news category to show. */
  FINNHUB_NEWS_CATEGORY: z.enum(['general', 'forex', 'crypto', 'merger']).default('general'),
  /** The operator content file (JSON: brand, copy, team, testimonials, rating…); default: the shipped one. */
  CONTENT_FILE: z.string().min(1).optional(),
  /** Market data: `simulated` (seeded random walk, every pair) or `binance` (crypto pairs live, forex simulated). */
  MARKET_PROVIDER: z.enum(['simulated', 'binance']).default('simulated'),
  /** The exchange stream's base URL (default `wss://stream.binance.com:9443`); tests point it at a local fake. */
  MARKET_WS_URL: z
    .string()
    .regex(/^wss?:\/\/\S+$/, 'a ws:// or wss:// URL')
    .optional(),
  /** Seed of the simulated walk: the same seed gives the same prices. */
  MARKET_SEED: z.coerce.number().int().default(1),
  /** Simulated feed: milliseconds between ticks; 0 = no timer (tests push their own prices). */
  MARKET_TICK_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** A price with no update for this long is served marked stale. */
  MARKET_STALE_SECONDS: z.coerce.number().int().positive().default(10),
  /** 1-minute candles older than this are deleted (settlement and charts read the ones kept). */
  MARKET_CANDLE_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Simulated feed: minutes of history made at first start (later starts continue from the stored candles). */
  MARKET_HISTORY_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .default(24 * 60),
  /** Open price streams (GET /api/market/stream) allowed per IP. */
  MARKET_STREAM_MAX_PER_IP: z.coerce.number().int().positive().default(20),
  /**
   * Live account updates (GET /api/live/events): a heartbeat comment this often on each stream, each
   * also re-checking the stream's session, so a signed-out or revoked session's stream ends within it.
   */
  LIVE_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(120).default(25),
  /** Pay due investment payouts automatically; `false`: only the admin's Process All Trades pays. */
  PAYOUTS_AUTO_PROCESS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * Hours between saving a withdrawal address and its first use (0: at once; decimals allowed), so a
   * thief in the account cannot add an address and withdraw to it before the owner reads the email
   * (docs/security.md, "Withdrawal address book").
   */
  WITHDRAWAL_ADDRESS_DELAY_HOURS: z.coerce.number().min(0).max(8760).default(24),
  /** `true`: a withdrawal may also go to an address that is not in the client's address book. */
  WITHDRAWAL_ONE_OFF_ADDRESSES: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * Withdrawal limits (docs/money.md, "Withdrawal limits"), in dollars, by verification state (the
   * account's `isVerified`): the most one request may ask for, and the most the client's Pending and
   * Completed withdrawals may add up to in any rolling 24 hours and 30 days. `unlimited` turns one off.
   */
  WITHDRAWAL_LIMIT_PER_REQUEST_UNVERIFIED: withdrawalLimit('1000'),
  WITHDRAWAL_LIMIT_24H_UNVERIFIED: withdrawalLimit('2000'),
  WITHDRAWAL_LIMIT_30D_UNVERIFIED: withdrawalLimit('5000'),
  WITHDRAWAL_LIMIT_PER_REQUEST_VERIFIED: withdrawalLimit('50000'),
  WITHDRAWAL_LIMIT_24H_VERIFIED: withdrawalLimit('100000'),
  WITHDRAWAL_LIMIT_30D_VERIFIED: withdrawalLimit('500000'),
  /**
   * Four-eyes approval (docs/money.md, "Four-eyes approval"), in dollars: completing a withdrawal of
   * more than the first, and a Credit, Debit, Add Profit or Clear Balance of more than the second,
   * waits for a second staff member's approval. `off`: never.
   */
  APPROVAL_WITHDRAWAL_ABOVE: approvalThreshold('10000'),
  APPROVAL_ADJUSTMENT_ABOVE: approvalThreshold('10000'),
  /**
   * Margin level (docs/money.md, "Margin level"), in percent of the margin in use: below the first a
   * client gets a margin call (once, until the level is back above it); below the second the
   * account's largest losing position is closed, one after another, until it is back above.
   */
  MARGIN_CALL_LEVEL: z.coerce.number().min(1).max(10_000).default(100),
  MARGIN_CLOSE_OUT_LEVEL: z.coerce.number().min(0).max(10_000).default(50),
  /**
   * The commission of opening a position, per pair, in basis points of its exposure (margin ×
   * leverage): `BTC/USD=10,EUR/USD=2` charges 0.10 % and 0.02 %; a pair not named is charged none.
   */
  COMMISSION_BPS: z
    .string()
    .default('')
    .transform((value, ctx) => parseCommissions(value, ctx)),
  /** How often every account's margin level is checked against the latest prices. */
  MARGIN_CHECK_MS: z.coerce.number().int().min(50).max(86_400_000).default(1000),
  /** How often each scheduled job (jobs/) runs, counted from the end of its previous run. */
  JOBS_INTERVAL_MS: z.coerce.number().int().min(50).max(86_400_000).default(10_000),
  /** How often the chain watcher reads the watched deposit methods' nodes (docs/money.md, "Deposits seen on chain"). */
  CHAIN_WATCH_INTERVAL_MS: z.coerce.number().int().min(50).max(86_400_000).default(4_000),
  /** How long the chain watcher waits for one answer of a node before the run fails. */
  CHAIN_RPC_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /**
   * Whether `GET /api/public/reserves` and the public page show the latest proof-of-reserves root and
   * totals to anyone (docs/money.md, "Proof of reserves"); `false`: only signed-in clients see them.
   */
  RESERVES_PUBLIC: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * SIGTERM/SIGINT: how long the requests in flight and the jobs' current work may take to finish;
   * past it the server logs what is still open and exits 1. Below the 10 s `docker stop` waits
   * before its SIGKILL, so that log gets written.
   */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(8_000),
  /** The built web app; served at `/` when the folder exists. */
  WEB_DIST: z.string().default(defaultWebDist()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/**
 * An amount of dollars a setting gives (at most 2 decimals), as integer cents, read through the
 * string helpers of contracts/money.ts, never a float (docs/money.md, "Amounts"); the word `off`
 * names null. A withdrawal limit must be above 0 (`unlimited` turns it off); a four-eyes threshold
 * may be 0 (`off` turns it off).
 */
function dollarsSetting(dollars: string, off: 'unlimited' | 'off', least: 0n | 1n) {
  return z
    .string()
    .default(dollars)
    .transform((value, ctx): bigint | null => {
      const text = value.trim();
      if (text.toLowerCase() === off) return null;
      const cents = toCents(text);
      if (cents === null || cents < least) {
        const floor = least > 0n ? 'above 0' : '0 or more';
        ctx.addIssue({ code: 'custom', message: `an amount in dollars ${floor} (at most 2 decimals), or ${off}` });
        return z.NEVER;
      }
      return cents;
    });
}

function withdrawalLimit(dollars: string) {
  return dollarsSetting(dollars, 'unlimited', 1n);
}

function approvalThreshold(dollars: string) {
  return dollarsSetting(dollars, 'off', 0n);
}

/** COMMISSION_BPS as a rate for every pair (0 where none is named); an unknown pair or a bad rate is a setting error. */
function parseCommissions(value: string, ctx: z.RefinementCtx): Record<TPair, number> {
  const rates = Object.fromEntries(MARKET_PAIRS.map((pair) => [pair, 0])) as Record<TPair, number>;
  for (const part of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [pair = '', bps = ''] = part.split('=').map((p) => p.trim());
    if (!(MARKET_PAIRS as readonly string[]).includes(pair)) {
      ctx.addIssue({ code: 'custom', message: `unknown pair "${pair}" (one of ${MARKET_PAIRS.join(', ')})` });
    } else if (!/^\d+$/.test(bps) || Number(bps) > MAX_COMMISSION_BPS) {
      ctx.addIssue({
        code: 'custom',
        message: `${pair}: a whole number of basis points from 0 to ${MAX_COMMISSION_BPS}`,
      });
    } else {
      rates[pair as TPair] = Number(bps);
    }
  }
  return rates;
}

/** apps/web/dist, seen from src/ (tsx, tests) or from dist/src/ (the built server). */
function defaultWebDist(): string {
  const candidates = ['../../web/dist', '../../../web/dist'].map((p) => resolve(import.meta.dirname, p));
  return candidates.find((dir) => existsSync(resolve(dir, 'index.html'))) ?? (candidates[0] as string);
}

type TEnv = z.infer<typeof ZEnv>;

export type TConfig = Omit<TEnv, 'PUBLIC_URL'> & {
  /**
   * The site's own origin (`https://trade.example.com`, no trailing slash), resolved once by
   * loadConfig: PUBLIC_URL, else (outside production) the listening address. Every link, accepted
   * origin and passkey default is built from it, never from a request's headers.
   */
  PUBLIC_URL: string;
};

/** A setting the server cannot start with; server.ts prints its message alone, without a stack. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Settings given in code (tests) over the environment's; PUBLIC_URL may be taken away to be resolved. */
export type TConfigOverrides = Partial<Omit<TConfig, 'PUBLIC_URL'>> & { PUBLIC_URL?: string | undefined };

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: TConfigOverrides = {}): TConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const merged = { ...parsed.data, ...overrides };
  if (merged.MARGIN_CLOSE_OUT_LEVEL >= merged.MARGIN_CALL_LEVEL) {
    throw new ConfigError(
      'Invalid configuration: MARGIN_CLOSE_OUT_LEVEL: must be below MARGIN_CALL_LEVEL (a margin call comes before a close-out)',
    );
  }
  return withSecureCookiesInProduction({ ...merged, PUBLIC_URL: publicUrlOf(merged) });
}

/**
 * The site's own origin. A request's Host, Origin or X-Forwarded-* headers are whatever the sender
 * wrote, so a link or an accepted origin built from them could point anywhere (`Host: evil.example`
 * in a security email): the address comes from configuration only. In production PUBLIC_URL is
 * required, since the proxy's public name is known to nobody else. Elsewhere the server's own
 * listening address is used, named `localhost` when it listens on every interface or on loopback:
 * that is the name a browser on the same machine uses, and WebAuthn refuses an IP address as a
 * relying party.
 */
export function publicUrlOf(config: Pick<TEnv, 'PUBLIC_URL' | 'NODE_ENV' | 'HOST' | 'PORT'>): string {
  if (config.PUBLIC_URL) return new URL(config.PUBLIC_URL).origin;
  if (config.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration: PUBLIC_URL: required when NODE_ENV=production: the address clients reach the site at ' +
        "(https://trade.example.com), for emailed links, the sign-in routes' accepted origin and passkeys",
    );
  }
  if (config.PORT === 0) {
    throw new ConfigError(
      'Invalid configuration: PUBLIC_URL: required with PORT=0, since the port is known only once listening',
    );
  }
  return new URL(`http://${hostForLinks(config.HOST)}:${config.PORT}`).origin;
}

/** HOST as a URL's host: `localhost` for every interface or a loopback address, IPv6 in brackets. */
function hostForLinks(host: string): string {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (['', '0.0.0.0', '::', 'localhost', '::1'].includes(bare) || /^127\./.test(bare)) return 'localhost';
  return isIPv6(bare) ? `[${bare}]` : bare;
}

/** Scheme, host and port only: the web app is served at the site's root, so links start there. */
function isOrigin(url: URL): boolean {
  return url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
}

/**
 * Behind a TLS proxy without TRUST_PROXY every request looks like plain HTTP, so `auto` would send
 * the refresh cookie without `Secure`: in production it is always Secure unless COOKIE_SECURE=false.
 */
function withSecureCookiesInProduction(config: TConfig): TConfig {
  return config.NODE_ENV === 'production' && config.COOKIE_SECURE === 'auto'
    ? { ...config, COOKIE_SECURE: 'true' }
    : config;
}
