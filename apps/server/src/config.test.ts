import { describe, expect, it } from 'vitest';
import { startServerProcess } from '../test/helpers/server-process.ts';
import { ConfigError, loadConfig } from './config.ts';

/** The site's own address (docs/security.md, "The site's own address"): from configuration only. */
describe('PUBLIC_URL', () => {
  const publicUrl = (env: NodeJS.ProcessEnv) => loadConfig(env).PUBLIC_URL;

  it('is required in production, with a message that says what it is for', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /^Invalid configuration: PUBLIC_URL: required when NODE_ENV=production/,
    );
    // Given in code too (tests), the rule holds.
    expect(() => loadConfig({}, { NODE_ENV: 'production' })).toThrow(/PUBLIC_URL: required/);
    expect(publicUrl({ NODE_ENV: 'production', PUBLIC_URL: 'https://trade.example.com' })).toBe(
      'https://trade.example.com',
    );
  });

  it('is kept as an origin: lower-case host, no default port, no trailing slash', () => {
    expect(publicUrl({ PUBLIC_URL: 'https://Trade.Example.com:443/' })).toBe('https://trade.example.com');
    expect(publicUrl({ PUBLIC_URL: 'http://trade.example.com:8080' })).toBe('http://trade.example.com:8080');
  });

  it('refuses anything but an http(s) origin: the web app is served at the site’s root', () => {
    for (const bad of [
      'trade.example.com',
      'ftp://trade.example.com',
      'https://trade.example.com/meridian',
      'https://trade.example.com/?x=1',
      'https://user:pass@trade.example.com',
    ]) {
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(/^Invalid configuration: PUBLIC_URL/);
    }
  });

  it('outside production is the listening address, named localhost on every interface or loopback', () => {
    expect(publicUrl({})).toBe('http://localhost:3000');
    expect(publicUrl({ HOST: '0.0.0.0', PORT: '8080' })).toBe('http://localhost:8080');
    expect(publicUrl({ HOST: '::', PORT: '8080' })).toBe('http://localhost:8080');
    expect(publicUrl({ HOST: '127.0.0.1', PORT: '8080' })).toBe('http://localhost:8080');
    expect(publicUrl({ HOST: '::1', PORT: '8080' })).toBe('http://localhost:8080');
    expect(publicUrl({ HOST: '192.168.1.20', PORT: '80' })).toBe('http://192.168.1.20');
    expect(publicUrl({ HOST: 'fd00::1', PORT: '8080' })).toBe('http://[fd00::1]:8080');
    expect(publicUrl({ HOST: 'meridian.lan', PORT: '8080' })).toBe('http://meridian.lan:8080');
    expect(publicUrl({ NODE_ENV: 'test', HOST: '0.0.0.0', PORT: '8080', PUBLIC_URL: 'https://a.example' })).toBe(
      'https://a.example',
    );
  });

  it('is required with PORT=0, whose port is known only once listening', () => {
    expect(() => loadConfig({ PORT: '0' })).toThrow(/PUBLIC_URL: required with PORT=0/);
    expect(publicUrl({ PORT: '0', PUBLIC_URL: 'http://localhost:4000' })).toBe('http://localhost:4000');
  });

  it('keeps a production server from starting without it: exit 1, the message alone on stderr', async () => {
    const started = startServerProcess({ NODE_ENV: 'production', PUBLIC_URL: '' });
    const error = await started.then(
      async (server) => {
        await server.kill();
        return new Error('the server started');
      },
      (err: unknown) => err as Error,
    );
    expect(error.message).toMatch(
      /^server exited \(1\): Invalid configuration: PUBLIC_URL: required when NODE_ENV=production/,
    );
    // The operator reads one line, not a stack trace.
    expect(error.message).not.toMatch(/\n\s+at /);
  }, 120_000);
});

describe('margin levels', () => {
  it('default to a margin call below 100 % and a close-out below 50 %, and refuse a close-out not below the call', () => {
    expect(loadConfig({})).toMatchObject({ MARGIN_CALL_LEVEL: 100, MARGIN_CLOSE_OUT_LEVEL: 50 });
    expect(loadConfig({ MARGIN_CALL_LEVEL: '120', MARGIN_CLOSE_OUT_LEVEL: '80' })).toMatchObject({
      MARGIN_CALL_LEVEL: 120,
      MARGIN_CLOSE_OUT_LEVEL: 80,
    });
    expect(() => loadConfig({ MARGIN_CALL_LEVEL: '50', MARGIN_CLOSE_OUT_LEVEL: '50' })).toThrow(
      /MARGIN_CLOSE_OUT_LEVEL: must be below MARGIN_CALL_LEVEL/,
    );
  });
});

/** Withdrawal limits (docs/money.md, "Withdrawal limits"): dollars in, integer cents out. */
describe('withdrawal limits', () => {
  it('default to a brokerage’s limits for accounts not verified and verified, in cents', () => {
    expect(loadConfig({})).toMatchObject({
      WITHDRAWAL_LIMIT_PER_REQUEST_UNVERIFIED: 100_000n,
      WITHDRAWAL_LIMIT_24H_UNVERIFIED: 200_000n,
      WITHDRAWAL_LIMIT_30D_UNVERIFIED: 500_000n,
      WITHDRAWAL_LIMIT_PER_REQUEST_VERIFIED: 5_000_000n,
      WITHDRAWAL_LIMIT_24H_VERIFIED: 10_000_000n,
      WITHDRAWAL_LIMIT_30D_VERIFIED: 50_000_000n,
    });
  });

  it('take dollars with cents exactly, and `unlimited` to turn one off', () => {
    expect(
      loadConfig({ WITHDRAWAL_LIMIT_24H_UNVERIFIED: '2500.10', WITHDRAWAL_LIMIT_30D_VERIFIED: 'unlimited' }),
    ).toMatchObject({ WITHDRAWAL_LIMIT_24H_UNVERIFIED: 250_010n, WITHDRAWAL_LIMIT_30D_VERIFIED: null });
  });

  it('refuse what is not an amount above zero, naming the setting', () => {
    for (const bad of ['0', '-5', '10.001', '1e6', 'none', '']) {
      expect(() => loadConfig({ WITHDRAWAL_LIMIT_PER_REQUEST_VERIFIED: bad }), bad).toThrow(
        /^Invalid configuration: WITHDRAWAL_LIMIT_PER_REQUEST_VERIFIED: an amount in dollars above 0/,
      );
    }
  });
});
