import { secp256k1 } from '@noble/curves/secp256k1';
import { bytesToHex } from 'viem';
import { HDKey, publicKeyToAddress } from 'viem/accounts';

/**
 * Clients' deposit addresses (docs/operations.md, "Watched deposit methods"): the operator gives an
 * account-level extended public key, the one their wallet shows for m/44'/60'/0' (BIP-44, Ethereum's
 * coin type 60); client number `index` gets its non-hardened child 0/index, that is
 * m/44'/60'/0'/0/index, the path every common Ethereum wallet uses for its addresses, so the operator's
 * wallet, holding the seed, sees and spends what arrives. The server holds no private key: only public
 * keys can be derived from an xpub.
 */

/** The largest index of a non-hardened child (BIP-32). */
export const MAX_ADDRESS_INDEX = 2 ** 31 - 1;

/** The account key of an xpub, or null when the text is not an extended public key. */
export function parseXpub(xpub: string): HDKey | null {
  try {
    const key = HDKey.fromExtendedKey(xpub.trim());
    // An extended private key parses too: refused, the server must never hold one.
    if (key.privateKey) return null;
    return key.publicKey ? key : null;
  } catch {
    return null;
  }
}

/** The lower-case 0x address of child 0/index of `account`. */
export function deriveAddress(account: HDKey, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index > MAX_ADDRESS_INDEX) throw new Error(`bad address index ${index}`);
  const child = account.deriveChild(0).deriveChild(index);
  if (!child.publicKey) throw new Error('no public key');
  // An address is the hash of the uncompressed key; BIP-32 keys are compressed.
  const uncompressed = secp256k1.ProjectivePoint.fromHex(child.publicKey).toRawBytes(false);
  return publicKeyToAddress(bytesToHex(uncompressed)).toLowerCase();
}
