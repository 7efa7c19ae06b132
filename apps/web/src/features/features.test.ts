import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * One vocabulary (docs/map.md, "Glossary"): a web feature is named after the server module whose
 * domain it shows, its admin and client screens alike (the audience is the route folder's,
 * app/routes/{public,client,admin}). These few have no module of their own, each for its reason.
 */
const WEB_ONLY: Record<string, string> = {
  home: "the public home page, which joins several modules' public reads (public-stats, plans, market)",
  pages: 'the public pages of fixed text (about, services, privacy) and their frame',
  news: "the news feed comes from the server's news provider (providers/news), not from a module",
};

const FEATURES = new URL('./', import.meta.url);
const MODULES = new URL('../../../server/src/modules/', import.meta.url);

function folders(dir: URL): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/** Every folder name under the server's modules, at any depth (a context folder may group modules). */
function moduleNames(dir: URL): Set<string> {
  const names = new Set<string>();
  for (const name of folders(dir)) {
    names.add(name);
    for (const inner of moduleNames(new URL(`${name}/`, dir))) names.add(inner);
  }
  return names;
}

/** The features named after no server module and not on the web-only list. */
function strays(features: readonly string[], modules: ReadonlySet<string>, webOnly: Record<string, string>): string[] {
  return features.filter((feature) => !modules.has(feature) && !(feature in webOnly));
}

describe('web features and server modules', () => {
  const features = folders(FEATURES);
  const modules = moduleNames(MODULES);

  it('names every feature after a server module, or lists it as web-only with its reason', () => {
    expect(features.length).toBeGreaterThan(20);
    expect(strays(features, modules, WEB_ONLY)).toEqual([]);
  });

  it('lists as web-only only features that exist and have no module', () => {
    for (const name of Object.keys(WEB_ONLY)) {
      expect(features, name).toContain(name);
      expect(modules.has(name), name).toBe(false);
    }
  });

  it('finds a feature named after no module (the check itself)', () => {
    const modulesOfAFakeServer = new Set(['deposits', 'money', 'withdrawals']);
    expect(strays(['deposits', 'wallet', 'home', 'admin-trades'], modulesOfAFakeServer, { home: 'a reason' })).toEqual([
      'wallet',
      'admin-trades',
    ]);
  });
});
