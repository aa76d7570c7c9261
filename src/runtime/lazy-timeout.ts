/** Spec §9: a lazily loaded area (block chunk) that has not arrived after 120000 ms is a chunk-load error. */
export const LAZY_LOAD_TIMEOUT_MS = 120000;

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

/** Rejects with a ChunkLoadError when `load` fails or takes longer than `ms`. */
export function loadWithTimeout<T>(load: () => Promise<T>, ms = LAZY_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`chunk not loaded after ${ms} ms`)), ms);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(err instanceof Error ? err.message : String(err)));
      },
    );
  });
}
