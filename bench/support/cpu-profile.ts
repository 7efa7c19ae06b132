/**
 * Summarises a V8 CPU profile (`node --cpu-prof`): self time by package (or our own code) and the
 * functions that took the most, so a benchmark can say where the server's time went.
 *
 *   npx tsx bench/support/cpu-profile.ts /tmp/profile-dir/CPU.*.cpuprofile
 */
import { readFileSync } from 'node:fs';

interface TNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface TProfile {
  nodes: TNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a script belongs: an npm package, node itself, our own code or the engine. */
function ownerOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(engine)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1] as string;
  if (url.startsWith('node:')) return 'node:*';
  const ours = /\/(apps\/[^/]+|packages\/[^/]+)\//.exec(url);
  return ours ? (ours[1] as string) : url;
}

export function summariseProfile(path: string, top = 20): string[] {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as TProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfMs = new Map<number, number>();
  for (const [i, id] of profile.samples.entries()) {
    selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  const total = [...selfMs.values()].reduce((a, b) => a + b, 0);
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, ms] of selfMs) {
    const node = byId.get(id);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const owner = ownerOf(url, functionName);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + ms);
    const file = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(apps|packages)\//, '$1/');
    const key = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
  }
  const pct = (ms: number) => `${((ms / total) * 100).toFixed(1).padStart(5)} %`;
  const lines = [`  ${total.toFixed(0)} ms sampled; self time by owner:`];
  for (const [owner, ms] of [...byOwner].sort((a, b) => b[1] - a[1]).slice(0, 12))
    lines.push(`    ${pct(ms)}  ${owner}`);
  lines.push('  functions with the most self time:');
  for (const [name, ms] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top))
    lines.push(`    ${pct(ms)}  ${name}`);
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const path of process.argv.slice(2)) {
    console.log(path);
    for (const line of summariseProfile(path)) console.log(line);
  }
}
