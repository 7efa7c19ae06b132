import { type ComponentType, startTransition, useEffect, useState } from 'react';
import { Splash } from '@/components/splash';
import { loadAllNamespaces, loadNamespaces } from '@/i18n';

/** What an area's frame says: its top bar, sidebar, drawer, logout dialog and page-error screen. */
const FRAME_NAMESPACES = ['common', 'shell', 'errors'] as const;

/** A module of `components/layouts/` holding an area's frame and the loading state of its pages. */
interface TAreaLayoutModule {
  Component: ComponentType;
  PageLoading: ComponentType;
}

/**
 * A component of the route tree whose code `load` fetches (with anything else the promise waits
 * for), rendering the splash until it is there, then the component `pick` chooses, as a transition:
 * in slices, not as one long task, also when the code was already there (preloaded), since what
 * first renders it (the restored session, the admin's second-factor status) may be an urgent update.
 *
 * It is a component rather than a lazy route: on a reload straight into an area, React Router renders
 * the hydration fallback of a route whose `lazy` is still pending and does not render again when it
 * resolves, only once every lazy route of the address (the page's too) has loaded. (Nor `React.lazy`
 * in a Suspense boundary: React holds back what replaces a Suspense fallback until the fallback has
 * been up for 300 ms.) `preload` starts the fetch without rendering.
 */
export function lazyFrame<TModule>(load: () => Promise<TModule>, pick: (module: TModule) => ComponentType) {
  let loading: Promise<void> | undefined;
  let loaded: TModule | undefined;
  const preload = () => {
    loading ??= load().then((module) => {
      loaded = module;
    });
    return loading;
  };
  function Frame() {
    const [arrived, setArrived] = useState(false);
    const [failure, setFailure] = useState<{ error: unknown }>();
    useEffect(() => {
      let alive = true;
      preload().then(
        () => alive && startTransition(() => setArrived(true)),
        (error: unknown) => alive && setFailure({ error }),
      );
      return () => {
        alive = false;
      };
    }, []);
    // Its code could not load (a deploy replaced it, say): the router's error screen says so.
    if (failure) throw failure.error;
    if (!arrived || !loaded) return <Splash />;
    const Component = pick(loaded);
    return <Component />;
  }
  return { Frame, preload, loaded: () => loaded };
}

/**
 * An area's frame (its layout) and what its route tree needs around it:
 *
 * - `Layout` loads the frame's code with the words it says (`lazyFrame`), showing the splash until
 *   both are there (with a remembered session, once the session is restored), so on a reload
 *   straight into the area the frame shows with the page's loading state inside it, instead of
 *   waiting for the page as well.
 * - `loadPages`, the loader of the route around the pages: they wait for every namespace, because
 *   they mix them (`clients:` words inside an admin dialog, say, which a component's own
 *   `useTranslation(ns)` would not load). It also starts loading the frame, so a reload fetches the
 *   frame and the page at once.
 * - `PageLoading`, that route's fallback while the first page's code and words arrive.
 */
export function lazyAreaLayout(load: () => Promise<TAreaLayoutModule>) {
  const frame = lazyFrame(
    () => Promise.all([load(), loadNamespaces(FRAME_NAMESPACES)]).then(([module]) => module),
    (module) => module.Component,
  );
  async function loadPages() {
    // A failure of the frame shows where the frame renders; here it only must not go unhandled.
    frame.preload().catch(() => {});
    await loadAllNamespaces();
    return null;
  }
  /** (It only ever renders inside the frame, whose module holds the real one.) */
  function PageLoading() {
    const Loading = frame.loaded()?.PageLoading;
    return Loading ? <Loading /> : null;
  }
  return { Layout: frame.Frame, loadPages, PageLoading };
}
