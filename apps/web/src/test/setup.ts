import '@testing-library/jest-dom/vitest';
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { session } from '@/lib/session';
import { initTestI18n, setTestLanguage } from './i18n';
import { apiProblems, server } from './server';

/**
 * Setup of the `web-dom` project (vitest.config.ts): what jsdom lacks and Radix or sonner use, the
 * app's i18next instance with every locale, and MSW answering `/api` (relative URLs resolve against
 * jsdom's `location`). A request no handler answers, or a body outside its endpoint's contract,
 * fails the test that sent it.
 */

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

/**
 * jsdom lays nothing out, so nothing is ever on screen: every observed element counts as in view at
 * once (as on a screen tall enough for the whole page), and what mounts on sight (components/when-visible.tsx) mounts.
 */
class InViewIntersectionObserver {
  readonly root = null;
  readonly rootMargin = '0px';
  readonly thresholds = [0];
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    const rect = target.getBoundingClientRect();
    const entry = {
      target,
      isIntersecting: true,
      intersectionRatio: 1,
      time: performance.now(),
      boundingClientRect: rect,
      intersectionRect: rect,
      rootBounds: null,
    } as IntersectionObserverEntry;
    this.callback([entry], this as unknown as IntersectionObserver);
  }
  unobserve() {}
  disconnect() {}
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
}
globalThis.IntersectionObserver ??= InViewIntersectionObserver as unknown as typeof IntersectionObserver;
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.setPointerCapture ??= () => {};

// Files and forms as Node's fetch knows them. jsdom's own Blob, File and FormData do not survive the
// trip through Node's `fetch` (MSW reads requests there): the bridge Vitest puts between them reads a
// private field that jsdom renamed, so a file's bytes arrive as the text "undefined", and on newer
// Node versions undici refuses jsdom's File outright. The app only creates them (a picked file, the
// multipart body of `call`), so Node's classes behave as a browser's would.
const nodeFormData = (await new Response(new URLSearchParams()).formData()).constructor as typeof FormData;
globalThis.Blob = NodeBlob as unknown as typeof Blob;
globalThis.File = NodeFile as unknown as typeof File;
globalThis.FormData = nodeFormData;

// Node 25 and later have a `localStorage` of their own on the global object, which hides jsdom's
// (and is unusable without --localstorage-file): the page's storage is jsdom's, as in a browser.
declare const jsdom: { window: Window };
if (typeof globalThis.localStorage?.clear !== 'function') {
  Object.defineProperty(globalThis, 'localStorage', { configurable: true, value: jsdom.window.localStorage });
}

initTestI18n();

beforeAll(() => {
  server.listen({
    onUnhandledRequest(request, print) {
      apiProblems.push(`no handler answered ${request.method} ${new URL(request.url).pathname}`);
      print.error();
    },
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  cleanup();
  toast.dismiss();
  server.resetHandlers();
  session.clear();
  localStorage.clear();
  setTestLanguage('en');
  const problems = apiProblems.splice(0);
  if (problems.length > 0) throw new Error(`API problems in this test:\n- ${problems.join('\n- ')}`);
});

afterAll(() => server.close());
