/** The first admin of a benchmark's server: created from the settings below, signed in by the bench. */
export const BENCH_ADMIN = { email: 'bench.admin@example.com', password: 'bench-admin-password-1' };

/** The settings of a benchmark's API server on `database`: production mode, quiet, nothing running beside the load. */
export function benchServerEnv(database: { DATABASE_URL: string } | { DATA_DIR: string }): Record<string, string> {
  return {
    ...database,
    LOG_LEVEL: 'silent',
    MARKET_TICK_MS: '0',
    NODE_ENV: 'production',
    COOKIE_SECURE: 'false',
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    JWT_SECRET: 'b'.repeat(40),
    // A long run must not outlive its access tokens.
    ACCESS_TOKEN_TTL_SECONDS: '7200',
    // Dozens of sign-ins from one address within seconds.
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    MARKET_HISTORY_MINUTES: '10',
    // The seed has no investments; nothing should run beside the load.
    PAYOUTS_AUTO_PROCESS: 'false',
  };
}
