import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * `React.lazy` for a named export: the component `name` of the module `load` imports, fetched the
 * first time it renders (inside a `Suspense`). For what the first paint does not need: a dialog that
 * mounts when opened, a form below the fold, a chart library.
 */
export function lazyComponent<TModule, TName extends keyof TModule>(
  load: () => Promise<TModule>,
  name: TName,
): TModule[TName] extends ComponentType<infer P> ? LazyExoticComponent<ComponentType<P>> : never {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<unknown> })) as never;
}
