import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/**
 * The proxies whose `X-Forwarded-*` headers the server believes (TRUST_PROXY, docs/operations.md
 * "Behind a proxy"): addresses, CIDR ranges and proxy-addr's names (`loopback`, `linklocal`,
 * `uniquelocal`), handed to Fastify as they are. The client's address is then the right-most entry
 * of `X-Forwarded-For` not written by one of them, so whatever a client writes to the left of what
 * our proxy appends is never taken; its protocol and host come from the headers only when the
 * connection itself comes from one of them. Empty: no proxy is trusted.
 */
export type TTrustedProxies = readonly string[];

/** What TRUST_PROXY holds, and why a value is refused (undefined when it is accepted). */
export function parseTrustProxy(value: string | undefined): { proxies: TTrustedProxies } | { problem: string } {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false') return { proxies: [] };
  // `true` believes every hop, so a client reaching the server writes its own address; a hop count
  // cannot tell our proxy from a client connecting directly, and Fastify 5 ignores one.
  if (text === 'true' || /^\d+$/.test(text)) {
    return {
      problem:
        `"${text}" is no longer accepted: it would let a client choose its own address. Name the proxies ` +
        'in front of the server, comma-separated: addresses, CIDR ranges, or loopback, linklocal, ' +
        'uniquelocal (TRUST_PROXY=10.0.0.5,10.0.1.0/24); false trusts none (docs/operations.md)',
    };
  }
  const proxies = text.split(',').map((entry) => entry.trim());
  for (const entry of proxies) {
    try {
      if (entry === '') throw new TypeError('an empty entry');
      proxyAddr.compile(entry);
    } catch (err) {
      return {
        problem: `"${entry}" is not an address, a CIDR range or one of loopback, linklocal, uniquelocal (${(err as Error).message})`,
      };
    }
  }
  return { proxies };
}

/**
 * Whether this connection comes from one of our proxies: then a header only our proxy sets
 * (`X-Request-Id`) is taken, otherwise it came from the client.
 */
export function fromTrustedProxy(proxies: TTrustedProxies): (req: IncomingMessage) => boolean {
  if (proxies.length === 0) return () => false;
  const trusted = proxyAddr.compile([...proxies]);
  return (req) => {
    const address = req.socket?.remoteAddress;
    return address !== undefined && trusted(address, 0);
  };
}
