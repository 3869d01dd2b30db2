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

/**
 * React.lazy for a module's named export, so feature pages keep named exports and still
 * load as their own chunk: `lazyPage(() => import('./x-page'), 'XPage')`.
 */
export function lazyPage<M, K extends keyof M>(
  load: () => Promise<M>,
  exportName: K,
): ComponentType {
  return lazy(async () => {
    const module = await withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS);
    return { default: module[exportName] as ComponentType };
  });
}
