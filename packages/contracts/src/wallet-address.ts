import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bech32, bech32m, createBase58check } from '@scure/base';
import type { TMessageKey } from './messages.ts';

/**
 * Wallet addresses checked by the network a payment method's name implies, so a typo or an address
 * of the wrong network is refused before money is sent to it. The server checks withdrawal addresses
 * and deposit-method addresses with it; the web forms show the same message before sending.
 */

export type TWalletNetwork = 'TRC20' | 'ERC20' | 'BEP20' | 'BTC' | 'ETH';

/**
 * The network a method's name implies: TRC20, ERC20 or BEP20 when named, else Bitcoin (BTC) or
 * Ethereum (ETH); null for any other method (a bank transfer, a network we do not know).
 */
export function walletNetwork(methodName: string | null | undefined): TWalletNetwork | null {
  const n = (methodName ?? '').toUpperCase();
  if (n.includes('TRC20')) return 'TRC20';
  if (n.includes('ERC20')) return 'ERC20';
  if (n.includes('BEP20')) return 'BEP20';
  if (n.includes('BITCOIN') || /\bBTC\b/.test(n)) return 'BTC';
  if (n.includes('ETHEREUM') || /\bETH\b/.test(n)) return 'ETH';
  return null;
}

/** Base58 without 0, O, I and l (Bitcoin's and TRON's alphabet). */
const BASE58 = '[1-9A-HJ-NP-Za-km-z]';
/** The 32 characters of bech32 data (BIP 173), lower case. */
const BECH32 = '[qpzry9x8gf2tvdw0s3jn54khce6mua7l]';

// Pure: a bundle that only needs `walletNetwork` leaves the coder (and its hashing) out.
const base58check = /* @__PURE__ */ createBase58check(sha256);
const CHECKSUM: TMessageKey = 'validation.walletAddressChecksum';

/**
 * What is wrong with `address` as a destination on the network `methodName` implies, as a message
 * key; null when it may be used. Surrounding spaces are ignored (the schemas trim). A method of no
 * known network takes any non-empty text.
 */
export function walletAddressProblem(methodName: string | null | undefined, address: string): TMessageKey | null {
  const value = address.trim();
  if (value === '') return 'validation.addressRequired';
  switch (walletNetwork(methodName)) {
    case 'BTC':
      return bitcoinProblem(value);
    case 'ETH':
    case 'ERC20':
    case 'BEP20':
      return evmProblem(value);
    case 'TRC20':
      return tronProblem(value);
    default:
      return null;
  }
}

/**
 * Bitcoin mainnet: legacy base58check (1… pay-to-pubkey-hash, 3… pay-to-script-hash, 26 to 35
 * characters, a 21-byte payload) or segwit bc1… (BIP 173 bech32 for version 0 with a 20- or 32-byte
 * program, BIP 350 bech32m for versions 1 to 16 with 2 to 40 bytes; one case throughout).
 */
function bitcoinProblem(value: string): TMessageKey | null {
  const invalid: TMessageKey = 'validation.bitcoinAddressInvalid';
  if (new RegExp(`^[13]${BASE58}{25,34}$`).test(value)) {
    const payload = decodeBase58check(value);
    if (!payload) return CHECKSUM;
    const version = value.startsWith('1') ? 0x00 : 0x05;
    return payload.length === 21 && payload[0] === version ? null : invalid;
  }
  const lower = value.toLowerCase();
  if (value !== lower && value !== value.toUpperCase()) return invalid;
  if (!new RegExp(`^bc1${BECH32}{11,71}$`).test(lower)) return invalid;
  const words = bech32.decodeUnsafe(lower)?.words ?? bech32m.decodeUnsafe(lower)?.words;
  if (!words) return CHECKSUM;
  const [witnessVersion = -1, ...programWords] = words;
  const program = bech32.fromWordsUnsafe(programWords);
  if (!program || witnessVersion > 16) return invalid;
  // Version 0 must use bech32 and later versions bech32m: the other one's checksum is a typo.
  const encodingFits = (witnessVersion === 0 ? bech32 : bech32m).decodeUnsafe(lower) !== undefined;
  if (!encodingFits) return CHECKSUM;
  const sizeFits =
    witnessVersion === 0 ? program.length === 20 || program.length === 32 : program.length >= 2 && program.length <= 40;
  return sizeFits ? null : invalid;
}

/**
 * Ethereum and the networks that share its addresses (ERC20, BEP20): 0x and 40 hexadecimal digits.
 * Mixed case carries the EIP-55 checksum, which must then match; all lower or all upper case has none.
 */
function evmProblem(value: string): TMessageKey | null {
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) return 'validation.evmAddressInvalid';
  const digits = value.slice(2);
  if (digits === digits.toLowerCase() || digits === digits.toUpperCase()) return null;
  const hash = keccak_256(new TextEncoder().encode(digits.toLowerCase()));
  for (let i = 0; i < digits.length; i++) {
    const char = digits.charAt(i);
    if (char.toLowerCase() === char.toUpperCase()) continue;
    const byte = hash[i >> 1] ?? 0;
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f;
    if (nibble >= 8 !== (char === char.toUpperCase())) return CHECKSUM;
  }
  return null;
}

/** TRON (TRC20): T and 33 base58 characters, the base58check of 0x41 and a 20-byte account. */
function tronProblem(value: string): TMessageKey | null {
  if (!new RegExp(`^T${BASE58}{33}$`).test(value)) return 'validation.tronAddressInvalid';
  const payload = decodeBase58check(value);
  if (!payload) return CHECKSUM;
  return payload.length === 21 && payload[0] === 0x41 ? null : 'validation.tronAddressInvalid';
}

/** The payload of a base58check text, or null when its 4 check bytes do not match. */
function decodeBase58check(value: string): Uint8Array | null {
  try {
    return base58check.decode(value);
  } catch {
    return null;
  }
}
