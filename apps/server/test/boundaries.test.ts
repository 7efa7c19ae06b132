import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The boundary rules of `npm run check` (.dependency-cruiser.mjs, docs/architecture.md, "Boundaries"):
 * a small tree that breaks each rule once, beside imports that each rule allows, is refused for
 * exactly those breaks; the project's own tree passes.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CRUISER = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
const CONFIG = join(ROOT, '.dependency-cruiser.mjs');
const SOURCES = ['apps/web/src', 'apps/server/src', 'packages/contracts/src'];

interface TViolation {
  rule: { name: string };
  from: string;
  /** For a circle, the files or folders on it. */
  cycle?: { name: string }[];
}

/** A finding as rule and place: a circle is named by its members, however many times it is reported. */
const placeOf = (v: TViolation) =>
  v.cycle
    ? v.cycle
        .map((step) => step.name)
        .sort()
        .join(' ↔ ')
    : v.from;

interface TCruise {
  code: number | null;
  violations: TViolation[];
  stderr: string;
}

/** Runs the rules as `npm run boundaries` does, in `cwd`: its exit code (as `err` output), or its findings. */
function cruise(cwd: string, outputType: 'err' | 'json'): Promise<TCruise> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CRUISER, ...SOURCES, '--config', CONFIG, '--output-type', outputType],
      { cwd, timeout: 240_000, maxBuffer: 256 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : null) : 0;
        const violations =
          outputType === 'json'
            ? (JSON.parse(stdout) as { summary: { violations: TViolation[] } }).summary.violations
            : [];
        resolve({ code, violations, stderr });
      },
    );
  });
}

/** The files of the tree that breaks the rules, by path; each file is a line of TypeScript or two. */
const TREE: Record<string, string> = {
  // Web: a feature using itself, components and app/ joining features are fine.
  'apps/web/src/features/orders/orders-list.ts':
    "import { ordersTitle } from './orders-title';\nexport const list = ordersTitle;",
  'apps/web/src/features/orders/orders-title.ts':
    "import { button } from '@/components/button';\nexport const ordersTitle = button;",
  'apps/web/src/components/button.ts': "export const button = 'button';",
  'apps/web/src/app/orders-page.ts':
    "import { list } from '@/features/orders/orders-list';\nimport { bell } from '@/features/alerts/bell';\nexport const page = [list, bell];",
  // A feature taking another feature, by alias and by relative path.
  'apps/web/src/features/alerts/bell.ts':
    "import { list } from '@/features/orders/orders-list';\nexport const bell = list;",
  'apps/web/src/features/alerts/badge.ts':
    "import { ordersTitle } from '../orders/orders-title';\nexport const badge = ordersTitle;",
  // Shared code taking a feature.
  'apps/web/src/components/header.ts': "import { bell } from '@/features/alerts/bell';\nexport const header = bell;",
  'apps/web/src/hooks/use-orders.ts':
    "import { list } from '@/features/orders/orders-list';\nexport const useOrders = list;",
  'apps/web/src/lib/format.ts': "import { badge } from '@/features/alerts/badge';\nexport const format = badge;",

  // Server (modules/<context>/<module>/): a module using its own repository, and another module through its
  // index.ts, in its context or another, is fine; so is the rest of the server reaching a module through its
  // index.ts.
  'apps/server/src/modules/money/wallets/wallets.repository.ts': 'export const findWallet = 1;',
  'apps/server/src/modules/money/wallets/wallets.service.ts':
    "import { findWallet } from './wallets.repository.ts';\nexport const wallet = findWallet;",
  'apps/server/src/modules/money/wallets/index.ts': "export * from './wallets.service.ts';",
  'apps/server/src/modules/back-office/fees/fees.service.ts':
    "import { wallet } from '../../money/wallets/index.ts';\nexport const fee = wallet;",
  'apps/server/src/modules/back-office/fees/index.ts': "export * from './fees.service.ts';",
  'apps/server/src/routes/fees.routes.ts':
    "import { fee } from '../modules/back-office/fees/index.ts';\nexport const fees = fee;",
  // Another module's repository, and another module's service past its index.ts.
  'apps/server/src/modules/back-office/fees/fees.report.ts':
    "import { findWallet } from '../../money/wallets/wallets.repository.ts';\nexport const report = findWallet;",
  'apps/server/src/modules/back-office/fees/fees.audit.ts':
    "import { wallet } from '../../money/wallets/wallets.service.ts';\nexport const audit = wallet;",
  // A route past a module's index.ts.
  'apps/server/src/routes/fee-report.routes.ts':
    "import { fee } from '../modules/back-office/fees/fees.service.ts';\nexport const feeReport = fee;",
  // An index.ts handing out its repository.
  'apps/server/src/modules/money/vault/vault.repository.ts': 'export const findVault = 1;',
  'apps/server/src/modules/money/vault/index.ts': "export * from './vault.repository.ts';",
  // A circle at run time, between two modules.
  'apps/server/src/modules/trading/ping/ping.service.ts':
    "import { pong } from '../../platform/pong/index.ts';\nexport const ping = () => pong;",
  'apps/server/src/modules/trading/ping/index.ts': "export * from './ping.service.ts';",
  'apps/server/src/modules/platform/pong/pong.service.ts':
    "import { ping } from '../../trading/ping/index.ts';\nexport const pong = () => ping;",
  'apps/server/src/modules/platform/pong/index.ts': "export * from './pong.service.ts';",
  // A circle through types only, inside one folder.
  'apps/server/src/lib/shape.ts':
    "import type { TColour } from './colour.ts';\nexport type TShape = { colour: TColour };",
  'apps/server/src/lib/colour.ts': "import type { TShape } from './shape.ts';\nexport type TColour = { of?: TShape };",
  // A circle between two modules through different files of each.
  'apps/server/src/modules/platform/left/left.service.ts':
    "import { rightName } from '../right/index.ts';\nexport const left = rightName;",
  'apps/server/src/modules/platform/left/left.names.ts': "export const leftName = 'left';",
  'apps/server/src/modules/platform/left/index.ts': "export * from './left.names.ts';",
  'apps/server/src/modules/platform/right/right.names.ts': "export const rightName = 'right';",
  'apps/server/src/modules/platform/right/right.service.ts':
    "import { leftName } from '../left/index.ts';\nexport const right = leftName;",
  'apps/server/src/modules/platform/right/index.ts': "export * from './right.names.ts';",

  // Contracts taking an app's code.
  'packages/contracts/src/fees.ts':
    "import { fee } from '../../../apps/server/src/modules/back-office/fees/fees.service.ts';\nexport const feeContract = fee;",
};

/** The breaks above, as rule and place: the rule each must trip; nothing else may trip. */
const EXPECTED = [
  ['web-feature-to-feature', 'apps/web/src/features/alerts/badge.ts'],
  ['web-feature-to-feature', 'apps/web/src/features/alerts/bell.ts'],
  ['web-shared-to-feature', 'apps/web/src/components/header.ts'],
  ['web-shared-to-feature', 'apps/web/src/hooks/use-orders.ts'],
  ['web-shared-to-feature', 'apps/web/src/lib/format.ts'],
  ['server-module-entry', 'apps/server/src/modules/back-office/fees/fees.audit.ts'],
  ['server-module-entry', 'apps/server/src/modules/back-office/fees/fees.report.ts'],
  ['server-app-module-entry', 'apps/server/src/routes/fee-report.routes.ts'],
  ['server-repository-private', 'apps/server/src/modules/money/vault/index.ts'],
  [
    'no-cycle',
    [
      'apps/server/src/modules/platform/pong/index.ts',
      'apps/server/src/modules/platform/pong/pong.service.ts',
      'apps/server/src/modules/trading/ping/index.ts',
      'apps/server/src/modules/trading/ping/ping.service.ts',
    ].join(' ↔ '),
  ],
  ['no-cycle', 'apps/server/src/lib/colour.ts ↔ apps/server/src/lib/shape.ts'],
  ['module-cycle', 'apps/server/src/modules/platform/pong ↔ apps/server/src/modules/trading/ping'],
  ['module-cycle', 'apps/server/src/modules/platform/left ↔ apps/server/src/modules/platform/right'],
  ['contracts-to-app', 'packages/contracts/src/fees.ts'],
].sort();

let tree: string;
beforeAll(() => {
  tree = mkdtempSync(join(tmpdir(), 'meridian-boundaries-'));
  for (const [path, text] of Object.entries(TREE)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), `${text}\n`);
  }
  copyFileSync(join(ROOT, 'tsconfig.depcruise.json'), join(tree, 'tsconfig.depcruise.json'));
});
afterAll(() => {
  rmSync(tree, { recursive: true, force: true });
});

describe('the boundary rules', () => {
  it('refuse each deliberate break, by its rule, and allow the imports beside them', async () => {
    const result = await cruise(tree, 'json');
    const found = [...new Set(result.violations.map((v) => JSON.stringify([v.rule.name, placeOf(v)])))]
      .map((key) => JSON.parse(key) as string[])
      .sort();
    expect(found).toEqual(EXPECTED);
    // And the check fails on them.
    expect((await cruise(tree, 'err')).code).not.toBe(0);
  });

  it("pass on the project's own tree", async () => {
    const result = await cruise(ROOT, 'err');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });
});
