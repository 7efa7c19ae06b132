import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { TConfig } from './config.ts';
import { type Database, type Db, type DbKind, openDatabase, standaloneClients } from './db/client.ts';
import { GroupCommit } from './db/group-commit.ts';
import { JobRunner } from './jobs/runner.ts';
import { loggerOptions, type TLogStream } from './lib/log-redaction.ts';
import { sharedRateLimitStore } from './lib/rate-limit-store.ts';
import { closeRedis, openRedis } from './lib/redis.ts';
import { fromTrustedProxy } from './lib/trusted-proxies.ts';
import { AccessTokens, AuthService, CallerCache } from './modules/identity/auth/index.ts';
import { payoutsJob } from './modules/investing/payouts/index.ts';
import { chainDepositsJob, chainPayoutsJob } from './modules/money/chain-deposits/index.ts';
import { ContentService, loadContentFile } from './modules/platform/content/index.ts';
import { registerLive } from './modules/platform/live/index.ts';
import { countMail, Mailer, mailJob, registerMailMetrics } from './modules/platform/mail/index.ts';
import { AlertMonitor, alertsJob } from './modules/trading/alerts/index.ts';
import { CandleRecorder, marketCandlesJob } from './modules/trading/market/index.ts';
import { OrderMonitor, ordersJob } from './modules/trading/orders/index.ts';
import { ExitMonitor, marginJob, positionsJob } from './modules/trading/positions/index.ts';
import { signalsJob } from './modules/trading/signals/index.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorHandlerPlugin, frameworkErrors, sendNotFound } from './plugins/error-handler.ts';
import { idempotencyPlugin } from './plugins/idempotency.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { RequestLogController, requestIdGenerator } from './plugins/request-log.ts';
import { sameOriginPlugin } from './plugins/same-origin.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import type { FileStore } from './providers/files/interface.ts';
import { LocalFileStore } from './providers/files/local.ts';
import { SmtpTransport } from './providers/mail/smtp.ts';
import { createMarket } from './providers/market/create-market.ts';
import type { MarketData } from './providers/market/market-data.ts';
import { NewsCache } from './providers/news/cache.ts';
import { FinnhubNewsProvider } from './providers/news/finnhub.ts';
import { NoNewsProvider } from './providers/news/none.ts';
import { openApiTransform } from './routes/openapi.ts';
import { apiRoutes, trackRoutes } from './routes/scopes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbKind: DbKind;
    config: TConfig;
    /** Platform mail: queued with the change that causes it, sent by the mail job (modules/platform/mail). */
    mail: Mailer;
    files: FileStore;
    /** Market news, cached: at most one upstream call a minute (providers/news). */
    news: NewsCache;
    /** The operator content file, validated at start-up (modules/platform/content). */
    content: ContentService;
    /** Prices of the trading pairs: quotes, candles, live changes (providers/market). */
    market: MarketData;
    /** Scheduled work (jobs/): started when the app is ready, stopped before it closes. */
    jobs: JobRunner;
    /** The Redis several servers share (REDIS_URL), or undefined: each server then counts alone. */
    redis: Redis | undefined;
    /** Batches the money moves of concurrent requests into one transaction each (docs/money.md, "Group commit"). */
    groupCommit: GroupCommit;
  }
}

export interface BuildAppOptions {
  config: TConfig;
  /** An already open database (tests share one per file); otherwise one is opened from config. */
  database?: Database;
  /** Where log lines go instead of stdout (tests read them); secrets are redacted either way. */
  logStream?: TLogStream;
}

/** Builds the whole app without listening, so tests drive it with `app.inject`. */
export async function buildApp({ config, database, logStream }: BuildAppOptions): Promise<FastifyInstance> {
  // Request ids on every answer, one log line per request, streams included (plugins/request-log.ts).
  const requestLog = new RequestLogController();
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    logController: requestLog,
    genReqId: requestIdGenerator(fromTrustedProxy(config.TRUST_PROXY)),
    // Only the named proxies: the client's address is the right-most X-Forwarded-For entry none of
    // them wrote, and the protocol and host come from the headers only on their connections.
    trustProxy: config.TRUST_PROXY.length > 0 ? [...config.TRUST_PROXY] : false,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    // The specification's client spells some paths in another case (`depositMethod/{id}`) than its
    // table; paths match in any case, parameters keep theirs (docs/architecture.md, "Endpoints").
    routerOptions: { caseSensitive: false },
  }).withTypeProvider<ZodTypeProvider>();
  // A bad operator content file stops start-up here, naming the field, before anything else opens.
  const content = new ContentService(loadContentFile(config.CONTENT_FILE));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ownsDatabase = !database;
  const dbHandle = database ?? (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }));
  app.decorate('db', dbHandle.db);
  // Set by route() for each request: the app's database, or an idempotent request's transaction.
  app.decorateRequest('db', null as unknown as Db);
  app.decorate('dbKind', dbHandle.kind);
  app.decorate(
    'groupCommit',
    new GroupCommit(dbHandle.db, { maxMoves: 256, maxWaitMs: 2, maxInFlight: dbHandle.kind === 'postgres' ? 4 : 1 }),
  );
  app.decorate('config', config);
  const transport = config.SMTP_URL ? new SmtpTransport(config.SMTP_URL) : undefined;
  const mail = new Mailer({
    transport,
    from: config.MAIL_FROM,
    siteUrl: config.PUBLIC_URL,
    maxAttempts: config.MAIL_MAX_ATTEMPTS,
    retryBaseMs: config.MAIL_RETRY_BASE_SECONDS * 1000,
    log: app.log,
  });
  app.decorate('mail', mail);
  if (transport) app.addHook('onClose', async () => transport.close());
  app.decorate('files', new LocalFileStore(config.FILES_DIR ?? join(config.DATA_DIR, 'files')));
  app.decorate('content', content);
  const newsProvider = config.FINNHUB_TOKEN
    ? new FinnhubNewsProvider({
        token: config.FINNHUB_TOKEN,
        baseUrl: config.FINNHUB_URL,
        category: config.FINNHUB_NEWS_CATEGORY,
      })
    : new NoNewsProvider();
  app.decorate('news', new NewsCache(newsProvider, { onError: (err) => app.log.warn({ err }, 'news refresh failed') }));
  if (ownsDatabase) app.addHook('onClose', () => dbHandle.close());
  const redis = config.REDIS_URL ? openRedis(config.REDIS_URL, app.log) : undefined;
  app.decorate('redis', redis);
  if (redis) app.addHook('onClose', () => closeRedis(redis));
  // The upstream feed and its stored candles (modules/trading/market/candle-recorder.ts): on PostgreSQL one feed
  // for every server on the database, run by one of them (providers/market/shared-feed.ts); on the
  // embedded database this app's own. Started when the app is ready (resuming from the stored candles),
  // stopped on close, writing its last candles before the database closes (onClose hooks run last-added first).
  const market = createMarket(
    config,
    app.log,
    new CandleRecorder(dbHandle.db, app.log),
    standaloneClients(dbHandle.db),
  );
  app.decorate('market', market);
  app.addHook('onReady', async () => market.start());
  app.addHook('onClose', () => market.stop());
  // Live account updates (modules/platform/live): committed changes told to every server's streams of their user.
  registerLive(app, dbHandle.db, redis);
  // Scheduled jobs: the first runs start once the app is ready; on close they stop (a run in progress
  // ends its current DB transaction) before anything else closes, the database included.
  const jobs = new JobRunner(dbHandle.db, app.log);
  jobs.register(payoutsJob(config, mail));
  jobs.register(signalsJob(config, market, mail));
  jobs.register(marketCandlesJob(config));
  jobs.register(mailJob(mail, config.MAIL_INTERVAL_MS));
  // Stop-outs on every fresh tick; the positions job expires positions and re-syncs the monitor's index.
  const exits = new ExitMonitor(dbHandle.db, market, app.log, mail);
  app.decorate('exits', exits);
  jobs.register(positionsJob(config, market, exits, mail));
  // Margin calls and close-outs, every MARGIN_CHECK_MS.
  jobs.register(marginJob(config, market, exits, mail));
  app.addHook('onReady', () => exits.start());
  app.addHook('preClose', () => exits.stop());
  // Pending orders filled on every fresh tick; the orders job expires them and re-syncs the monitor's index.
  const orders = new OrderMonitor(dbHandle.db, market, app.log, mail, exits);
  app.decorate('orders', orders);
  jobs.register(ordersJob(config, orders, mail));
  app.addHook('onReady', () => orders.start());
  // Before the exit monitor stops: a fill hands its positions to it.
  app.addHook('preClose', () => orders.stop());
  // Price alerts on every fresh tick; the alerts job rebuilds the monitor's index.
  const alerts = new AlertMonitor(dbHandle.db, market, app.log, mail);
  app.decorate('alerts', alerts);
  jobs.register(alertsJob(config, alerts));
  // Deposits seen on chain: follows every watched deposit method's node (docs/money.md).
  jobs.register(chainDepositsJob(config, market, mail, app.log));
  // Withdrawals paid on chain: completes a pending withdrawal once its recorded payout is confirmed.
  jobs.register(chainPayoutsJob(config, mail, app.log));
  app.addHook('onReady', () => alerts.start());
  app.addHook('preClose', () => alerts.stop());
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('preClose', () => jobs.stop());

  const tokens = new AccessTokens(
    config.JWT_SECRET ?? randomBytes(32).toString('hex'),
    config.ACCESS_TOKEN_TTL_SECONDS,
  );
  const auth = new AuthService(
    dbHandle.db,
    tokens,
    config.REFRESH_TOKEN_TTL_DAYS,
    new CallerCache(config.AUTH_CACHE_MS),
  );

  await app.register(errorHandlerPlugin);
  await app.register(metricsPlugin, { requestLog });
  if (app.metrics) registerMailMetrics(app.metrics.registry, mail.state, () => countMail(dbHandle.db));
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        // Swagger UI at /api/docs styles itself inline; scripts stay same-origin only.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        // Served over plain HTTP on a LAN too; TLS is the proxy's job.
        'upgrade-insecure-requests': null,
      },
    },
  });
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: 10 * 1024 * 1024, files: 2, fields: 50, fieldSize: 64 * 1024 },
  });
  await app.register(rateLimit, {
    global: false,
    // With REDIS_URL every server counts against the same limits (docs/security.md, "Rate and size limits").
    store: redis
      ? sharedRateLimitStore(redis, { prefix: `${config.REDIS_KEY_PREFIX}rate-limit:`, log: app.log })
      : undefined,
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Meridian API', version: '1.0.0' },
      // Relative: the API is described at whatever address serves this document.
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: openApiTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(authPlugin, { auth });
  await app.register(idempotencyPlugin);
  await app.register(sameOriginPlugin, { siteOrigins: [config.PUBLIC_URL, ...(config.WEBAUTHN_ORIGINS ?? [])] });

  trackRoutes(app);
  await app.register(apiRoutes, { prefix: '/api', auth });

  registerWebApp(app, config.WEB_DIST);
  return app;
}

/**
 * Serves the built SPA: files of `dist` as they are (hashed assets cached for a year), and
 * index.html for any other GET outside /api so client-side routes survive a reload. Everything else
 * that names no route gets the API's JSON 404.
 *
 * The build writes a copy of index.html for each signed-in area, `pages/<area>.html`, preloading
 * that area's code instead of the home page's (apps/web/vite.config.ts): `/<area>` and every address
 * below it get that copy.
 */
function registerWebApp(app: FastifyInstance, webDist: string) {
  const hasWebApp = existsSync(join(webDist, 'index.html'));
  if (hasWebApp) {
    app.register(fastifyStatic, {
      root: webDist,
      index: false,
      // One route per built file (listed once at start-up) instead of a catch-all: a client-side route
      // then goes straight to the page fallback below, not first through a failed file lookup that
      // hands it on to the not-found handler (a second send pipeline on the same response).
      wildcard: false,
      // The web build writes .br and .gz copies of its text files (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      setHeaders: (res, path) => {
        if (path.includes(`${sep}assets${sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        // The few files without a hash in their name (page-init.js, the icon) come from the cache at
        // once and are checked in the background: the page's head waits for page-init.js, and a
        // round trip to revalidate it delayed every reload. (The pages are sent as no-cache below.)
        else if (!path.endsWith('.html')) {
          res.header('cache-control', 'public, max-age=0, stale-while-revalidate=604800');
        }
      },
    });
  }
  const areaPages = new Set(
    existsSync(join(webDist, 'pages'))
      ? readdirSync(join(webDist, 'pages'))
          .filter((name) => name.endsWith('.html'))
          .map((name) => name.slice(0, -'.html'.length))
      : [],
  );
  /** The page for a client-side route: its area's copy of index.html, if it has one. */
  const pageFor = (url: string) => {
    const area = /^\/([^/?#]+)/.exec(url)?.[1];
    return area && areaPages.has(area) ? `pages/${area}.html` : 'index.html';
  };
  // The site's root is a directory to the static plugin (403 with `index: false`): answer it as a page.
  // The page (index.html, not cached) is sent, not returned: Fastify would await the returned reply while
  // the file streams, and each await of an unsent reply adds 'close' listeners to the response.
  if (hasWebApp) {
    app.get('/', { schema: { hide: true } }, (_request, reply) => {
      reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
    // A missing file (an old hashed chunk, say) must stay a 404, not turn into a page.
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !/\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '');
    if (!hasWebApp || isApi || !isPage) return sendNotFound(request, reply);
    reply.header('cache-control', 'no-cache').sendFile(pageFor(request.url), { cacheControl: false });
  });
}
