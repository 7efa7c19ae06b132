import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { fromTrustedProxy } from './trusted-proxies.ts';

/** TRUST_PROXY as the server reads it at start-up (config.ts), and who counts as our proxy. */
describe('TRUST_PROXY', () => {
  const trustProxy = (value?: string) => loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY;

  it('trusts no proxy by default, or with false or an empty value', () => {
    expect(trustProxy()).toEqual([]);
    expect(trustProxy('false')).toEqual([]);
    expect(trustProxy('')).toEqual([]);
  });

  it('takes addresses, CIDR ranges and the named ranges, comma-separated', () => {
    expect(trustProxy('10.0.0.5')).toEqual(['10.0.0.5']);
    expect(trustProxy(' 10.0.0.5 , 10.0.1.0/24,fd00::/8 ')).toEqual(['10.0.0.5', '10.0.1.0/24', 'fd00::/8']);
    expect(trustProxy('loopback,uniquelocal')).toEqual(['loopback', 'uniquelocal']);
    expect(trustProxy('192.168.0.0/255.255.0.0')).toEqual(['192.168.0.0/255.255.0.0']);
  });

  it('refuses true and hop counts at start-up, naming the forms it takes', () => {
    for (const value of ['true', '1', '2']) {
      expect(() => trustProxy(value), value).toThrow(
        new RegExp(
          `Invalid configuration: TRUST_PROXY: "${value}" is no longer accepted: it would let a client choose its own address\\. Name the proxies`,
        ),
      );
    }
    expect(() => trustProxy('true')).toThrow(/TRUST_PROXY=10\.0\.0\.5,10\.0\.1\.0\/24/);
  });

  it('refuses anything that is not an address or a range, naming it', () => {
    expect(() => trustProxy('proxy.example.com')).toThrow(/TRUST_PROXY: "proxy\.example\.com" is not an address/);
    expect(() => trustProxy('10.0.0.0/33')).toThrow(/TRUST_PROXY: "10\.0\.0\.0\/33" is not an address/);
    expect(() => trustProxy('10.0.0.5,,10.0.0.6')).toThrow(/TRUST_PROXY: "" is not an address/);
    expect(() => trustProxy('yes')).toThrow(/TRUST_PROXY: "yes"/);
  });
});

describe('fromTrustedProxy', () => {
  const from = (remoteAddress: string) => ({ socket: { remoteAddress } }) as unknown as IncomingMessage;

  it('knows a connection from a named proxy, IPv4-mapped or not, and no other', () => {
    const ours = fromTrustedProxy(['10.0.0.5', '10.0.1.0/24']);
    expect(ours(from('10.0.0.5'))).toBe(true);
    expect(ours(from('::ffff:10.0.1.77'))).toBe(true);
    expect(ours(from('10.0.0.6'))).toBe(false);
    expect(ours(from('127.0.0.1'))).toBe(false);
    expect(fromTrustedProxy([])(from('10.0.0.5'))).toBe(false);
  });
});
