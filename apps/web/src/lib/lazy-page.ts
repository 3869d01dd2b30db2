import { type ComponentType, lazy } from 'react';

/** Spec 1 §9: a screen's script chunk gets two minutes to load before it counts as failed. */
const CHUNK_LOAD_TIMEOUT_MS = 120_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Loading the page took too long')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** A lazily loaded screen; `preload()` starts fetching its chunk before it renders. */
export type LazyPage = ComponentType & { preload: () => Promise<unknown> };

/**
 * React.lazy for a module's named export, so feature pages keep named exports and still
 * load as their own chunk: `lazyPage(() => import('./x-page'), 'XPage')`. `preload()` and
 * the first render share one request. Once the chunk is there (preloaded), the screen renders
 * at once instead of suspending: React shows a fallback for at least 300 ms once it has
 * shown one, which on a reload of cached screens cost more than loading them.
 */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, exportName: K): LazyPage {
  let loading: Promise<M> | null = null;
  let loaded: M | null = null;
  const start = () => {
    if (!loading) {
      const started = withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS);
      started.then(
        (module) => {
          loaded = module;
        },
        // A failed load may be tried again: the next render or preload asks anew.
        () => {
          loading = null;
        },
      );
      loading = started;
    }
    return loading;
  };
  const page = lazy(() => {
    const ready = loaded;
    const asComponent = (module: M) => ({ default: module[exportName] as ComponentType });
    // A thenable that answers at once: React reads a resolved lazy without suspending.
    if (ready) {
      return {
        // biome-ignore lint/suspicious/noThenProperty: React.lazy takes any thenable
        then: (resolve: (value: { default: ComponentType }) => void) => resolve(asComponent(ready)),
      } as unknown as Promise<{ default: ComponentType }>;
    }
    return start().then(asComponent);
  }) as unknown as LazyPage;
  page.preload = start;
  return page;
}
