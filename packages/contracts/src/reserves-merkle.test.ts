import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  leafHash,
  merkleLevels,
  merkleProof,
  merkleRoot,
  nodeHash,
  rootFromProof,
  type TLeafData,
  verifyInclusion,
} from './reserves-merkle.ts';

/**
 * The proof-of-reserves tree (docs/money.md, "Proof of reserves"), checked against an independent
 * implementation of the documented rules with Node's own SHA-256, so the documentation, the server
 * and the browser's check all say the same thing.
 */

const sha = (...parts: (Buffer | string)[]) =>
  createHash('sha256')
    .update(Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p))))
    .digest('hex');
const docLeaf = (l: TLeafData) => sha(Buffer.from([0]), `${l.salt}:${l.clientId}:${l.cents}`);
const docNode = (a: string, b: string) => sha(Buffer.from([1]), Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
function docRoot(leaves: string[]): string {
  if (leaves.length === 0) return sha('');
  let level = [...leaves].sort();
  while (level.length > 1) {
    const next: string[] = [];
    for (let i = 0; i < level.length; i += 2)
      next.push(i + 1 < level.length ? docNode(level[i] as string, level[i + 1] as string) : (level[i] as string));
    level = next;
  }
  return level[0] as string;
}

const leafOf = (cents: bigint): TLeafData => ({
  salt: randomBytes(32).toString('hex'),
  clientId: randomUUID(),
  cents: cents.toString(),
});

describe('hashing', () => {
  it('hashes a leaf and a node as documented', async () => {
    const leaf = { salt: 'ab'.repeat(32), clientId: '0b6f0f9e-3c55-4a5e-9a51-1d2f3c4b5a69', cents: '12034' };
    expect(await leafHash(leaf)).toBe(docLeaf(leaf));
    // The documented example: anyone can recompute it with `printf '\x00…' | sha256sum`.
    expect(await leafHash(leaf)).toBe(
      createHash('sha256')
        .update(`\x00${'ab'.repeat(32)}:0b6f0f9e-3c55-4a5e-9a51-1d2f3c4b5a69:12034`)
        .digest('hex'),
    );
    const a = docLeaf(leaf);
    const b = docLeaf({ ...leaf, cents: '1' });
    expect(await nodeHash(a, b)).toBe(docNode(a, b));
    expect(await nodeHash(a, b)).not.toBe(await nodeHash(b, a));
  });

  it('hashes an upper-case client id as its lower-case form', async () => {
    const leaf = leafOf(5n);
    expect(await leafHash({ ...leaf, clientId: leaf.clientId.toUpperCase() })).toBe(await leafHash(leaf));
  });

  it('refuses a node of anything but two 32-byte hex hashes', async () => {
    await expect(nodeHash('00', 'ff'.repeat(32))).rejects.toThrow();
  });
});

describe('the tree', () => {
  it('has the root of nothing for no leaves, and the leaf itself for one', async () => {
    expect(await merkleRoot([])).toBe(sha(''));
    const only = await leafHash(leafOf(1n));
    expect(await merkleRoot([only])).toBe(only);
    expect(merkleProof(await merkleLevels([only]), only)).toEqual([]);
  });

  it.each([2, 3, 4, 5, 7, 8, 9, 16, 17, 33])('proves every one of %i leaves against the documented root', async (n) => {
    const leaves = Array.from({ length: n }, (_, i) => leafOf(BigInt(i * 101)));
    const hashes = await Promise.all(leaves.map(leafHash));
    const root = await merkleRoot(hashes);
    expect(root).toBe(docRoot(hashes));
    const levels = await merkleLevels(hashes);
    for (const leaf of leaves) {
      const proof = merkleProof(levels, await leafHash(leaf));
      expect(proof).not.toBeNull();
      expect(await verifyInclusion(leaf, proof ?? [], root)).toBe(true);
      expect(proof?.length ?? 0).toBeLessThanOrEqual(Math.ceil(Math.log2(n)));
    }
  });

  it('does not depend on the order the leaves are given in', async () => {
    const hashes = await Promise.all([1n, 2n, 3n, 4n, 5n].map((c) => leafHash(leafOf(c))));
    expect(await merkleRoot([...hashes].reverse())).toBe(await merkleRoot(hashes));
  });

  it('answers no proof for a leaf not in the tree', async () => {
    const levels = await merkleLevels(await Promise.all([1n, 2n].map((c) => leafHash(leafOf(c)))));
    expect(merkleProof(levels, await leafHash(leafOf(3n)))).toBeNull();
  });
});

describe('verifying', () => {
  const build = async () => {
    const leaves = Array.from({ length: 6 }, (_, i) => leafOf(BigInt(1_000 + i)));
    const hashes = await Promise.all(leaves.map(leafHash));
    const levels = await merkleLevels(hashes);
    const mine = leaves[2] as TLeafData;
    return { mine, proof: merkleProof(levels, await leafHash(mine)) ?? [], root: await merkleRoot(hashes), leaves };
  };

  it('fails for a tampered balance, salt, client or proof step', async () => {
    const { mine, proof, root, leaves } = await build();
    expect(await verifyInclusion(mine, proof, root)).toBe(true);
    expect(await verifyInclusion({ ...mine, cents: (BigInt(mine.cents) + 1n).toString() }, proof, root)).toBe(false);
    expect(await verifyInclusion({ ...mine, cents: `0${mine.cents}` }, proof, root)).toBe(false);
    expect(await verifyInclusion({ ...mine, salt: randomBytes(32).toString('hex') }, proof, root)).toBe(false);
    expect(await verifyInclusion({ ...mine, clientId: (leaves[0] as TLeafData).clientId }, proof, root)).toBe(false);
    const [first, ...rest] = proof;
    if (!first) throw new Error('a proof of 6 leaves has steps');
    expect(
      await verifyInclusion(mine, [{ ...first, side: first.side === 'left' ? 'right' : 'left' }, ...rest], root),
    ).toBe(false);
    expect(await verifyInclusion(mine, rest, root)).toBe(false);
    expect(await verifyInclusion(mine, [{ side: 'left', hash: 'zz' }], root)).toBe(false);
  });

  it('cannot pass an inner node off as a leaf', async () => {
    const { proof, root, mine } = await build();
    const [first, ...rest] = proof;
    if (!first) throw new Error('a proof of 6 leaves has steps');
    const mineHash = await leafHash(mine);
    const parent = first.side === 'left' ? await nodeHash(first.hash, mineHash) : await nodeHash(mineHash, first.hash);
    // The parent with the rest of the path does reach the root…
    expect(await rootFromProof(parent, rest)).toBe(root);
    // …but no leaf data hashes to it: a leaf is always hashed with its 0x00 prefix.
    expect(await verifyInclusion({ salt: parent, clientId: mine.clientId, cents: '0' }, rest, root)).toBe(false);
  });
});
