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
 * An area's frame (its layout) and what its route tree needs around it:
 *
 * - `Layout` loads the frame's code with the words it says, showing the splash until both are there
 *   (with a remembered session, once the session is restored). It is a component rather than a lazy
 *   route, so on a reload straight into the area the router renders the frame as soon as it is
 *   there, with the page's loading state inside it, instead of waiting for the page as well. (Not
 *   `React.lazy` in a Suspense boundary: React holds back what replaces a Suspense fallback until
 *   the fallback has been up for 300 ms.)
 * - `loadPages`, the loader of the route around the pages: they wait for every namespace, because
 *   they mix them (`clients:` words inside an admin dialog, say, which a component's own
 *   `useTranslation(ns)` would not load). It also starts loading the frame, so a reload fetches the
 *   frame and the page at once.
 * - `PageLoading`, that route's fallback while the first page's code and words arrive.
 */
export function lazyAreaLayout(load: () => Promise<TAreaLayoutModule>) {
  let loading: Promise<void> | undefined;
  let loaded: TAreaLayoutModule | undefined;
  const preload = () => {
    loading ??= Promise.all([load(), loadNamespaces(FRAME_NAMESPACES)]).then(([module]) => {
      loaded = module;
    });
    return loading;
  };
  function Layout() {
    const [, setArrived] = useState(false);
    const [failure, setFailure] = useState<{ error: unknown }>();
    useEffect(() => {
      let alive = true;
      preload().then(
        // The frame renders in slices (a transition), not as one long task; the splash stays up meanwhile.
        () => alive && startTransition(() => setArrived(true)),
        (error: unknown) => alive && setFailure({ error }),
      );
      return () => {
        alive = false;
      };
    }, []);
    // Its code could not load (a deploy replaced it, say): the router's error screen says so.
    if (failure) throw failure.error;
    return loaded ? <loaded.Component /> : <Splash />;
  }
  async function loadPages() {
    // A failure of the frame shows where the frame renders; here it only must not go unhandled.
    preload().catch(() => {});
    await loadAllNamespaces();
    return null;
  }
  /** (It only ever renders inside the frame, whose module holds the real one.) */
  function PageLoading() {
    const Loading = loaded?.PageLoading;
    return Loading ? <Loading /> : null;
  }
  return { Layout, loadPages, PageLoading };
}
