/**
 * The Merkle tree of a proof-of-reserves snapshot (docs/money.md, "Proof of reserves"), shared by the
 * server, which builds it, and the client's browser, which checks its own inclusion. It uses only
 * Web Crypto (`crypto.subtle`, in browsers and in Node 20), so the same code runs on both sides, and
 * the rules are few enough that anyone can check a proof with any SHA-256 tool:
 *
 * - leaf = SHA-256(0x00 ‖ UTF-8 of `<salt>:<clientId>:<cents>`): the salt is 64 lower-case hex digits
 *   (32 random bytes, new for every client in every snapshot), the client id a lower-case UUID, the
 *   balance whole cents in decimal without leading zeros. The salt makes a leaf reveal nothing: no
 *   one can guess another client's balance from their leaf hash.
 * - node = SHA-256(0x01 ‖ left ‖ right), over the two 32-byte child hashes. The leading byte keeps a
 *   leaf from ever passing for a node (a second-preimage of the tree).
 * - the leaves are sorted by their hash (hex, ascending), so a leaf's position says nothing about the
 *   client; each level pairs neighbours from the left, and an odd last node goes up unchanged.
 * - the root of an empty tree is SHA-256 of nothing.
 */

export const LEAF_PREFIX = 0x00;
export const NODE_PREFIX = 0x01;

/** One step of a proof: the sibling's hash and on which side of the path it sits. */
export interface TMerkleStep {
  side: 'left' | 'right';
  hash: string;
}

export interface TLeafData {
  salt: string;
  clientId: string;
  /** Whole cents, as decimal text (a bigint's `toString()`). */
  cents: string;
}

const encoder = new TextEncoder();

function toHex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}

function fromHex(hex: string): Uint8Array {
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error('not a 32-byte lower-case hex hash');
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', bytes));
}

/** The text a leaf hashes (after its 0x00 byte): `<salt>:<clientId>:<cents>`. */
export function leafText({ salt, clientId, cents }: TLeafData): string {
  return `${salt}:${clientId.toLowerCase()}:${cents}`;
}

export async function leafHash(leaf: TLeafData): Promise<string> {
  const text = encoder.encode(leafText(leaf));
  const bytes = new Uint8Array(text.length + 1);
  bytes[0] = LEAF_PREFIX;
  bytes.set(text, 1);
  return sha256(bytes);
}

export async function nodeHash(left: string, right: string): Promise<string> {
  const bytes = new Uint8Array(65);
  bytes[0] = NODE_PREFIX;
  bytes.set(fromHex(left), 1);
  bytes.set(fromHex(right), 33);
  return sha256(bytes);
}

/** Every level of the tree over these leaf hashes, sorted first: level 0 is the leaves, the last the root. */
export async function merkleLevels(leafHashes: readonly string[]): Promise<string[][]> {
  const levels: string[][] = [[...leafHashes].sort()];
  let level = levels[0] as string[];
  while (level.length > 1) {
    const next: string[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i] as string;
      const right = level[i + 1];
      next.push(right === undefined ? left : await nodeHash(left, right));
    }
    levels.push(next);
    level = next;
  }
  return levels;
}

export async function merkleRoot(leafHashes: readonly string[]): Promise<string> {
  if (leafHashes.length === 0) return sha256(new Uint8Array(0));
  const levels = await merkleLevels(leafHashes);
  return (levels[levels.length - 1] as string[])[0] as string;
}

/** The path from one leaf to the root, from levels built by `merkleLevels`; null when the leaf is not in it. */
export function merkleProof(levels: readonly (readonly string[])[], leaf: string): TMerkleStep[] | null {
  let index = levels[0]?.indexOf(leaf) ?? -1;
  if (index < 0) return null;
  const steps: TMerkleStep[] = [];
  for (const level of levels.slice(0, -1)) {
    const sibling = index % 2 === 0 ? index + 1 : index - 1;
    const hash = level[sibling];
    // An odd last node has no sibling: it goes up unchanged, and the proof has no step for it.
    if (hash !== undefined) steps.push({ side: index % 2 === 0 ? 'right' : 'left', hash });
    index = Math.floor(index / 2);
  }
  return steps;
}

/** The root a leaf and its proof lead to. */
export async function rootFromProof(leaf: string, steps: readonly TMerkleStep[]): Promise<string> {
  let hash = leaf;
  for (const step of steps)
    hash = step.side === 'left' ? await nodeHash(step.hash, hash) : await nodeHash(hash, step.hash);
  return hash;
}

/**
 * Whether a client's leaf data is included under `root`: it hashes the leaf from the salt, id and
 * balance (never trusting a leaf hash it is given) and follows the proof. False for anything malformed.
 */
export async function verifyInclusion(leaf: TLeafData, steps: readonly TMerkleStep[], root: string): Promise<boolean> {
  try {
    if (!/^\d+$/.test(leaf.cents) || (leaf.cents.length > 1 && leaf.cents.startsWith('0'))) return false;
    return (await rootFromProof(await leafHash(leaf), steps)) === root;
  } catch {
    return false;
  }
}
