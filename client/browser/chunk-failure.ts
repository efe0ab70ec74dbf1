/**
 * Spec §8: a script chunk that cannot be loaded (a page left open across a deploy asks for chunks that
 * are gone; chunks load on the shopper's first reach for an island) reloads the page, which brings the
 * deploy's own chunks, at most once per 60 s. A second failure within that time shows the page's error
 * notice (Document.tsx `data-chunk-error`, in the page's language) with a button that tries again,
 * instead of reloading in a loop. The time of the last reload is kept in sessionStorage: it survives the
 * reload and belongs to this tab. Part of the page's first script, so it works when no chunk loads.
 */

export const CHUNK_RELOAD_AT_KEY = 'ralph-chunk-reload-at';
/** Spec §8: at most one reload per 60 s. */
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

/** What a failed `import()` of a chunk is rethrown as (webpack's name and words, spec §8). */
export function chunkLoadError(chunk: string, cause: unknown): Error {
  return Object.assign(new Error(`Loading chunk ${chunk} failed`, { cause }), { name: 'ChunkLoadError' });
}

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && error.name === 'ChunkLoadError';
}

/**
 * Reloads the page unless it did so within 60 s (or cannot remember it did); else shows the notice.
 * True when the page is reloading (nothing else should happen then, such as replaying a held click).
 */
export function onChunkFailure(): boolean {
  const now = Date.now();
  try {
    const last = Number(sessionStorage.getItem(CHUNK_RELOAD_AT_KEY));
    if (!(now - last < CHUNK_RELOAD_INTERVAL_MS)) {
      sessionStorage.setItem(CHUNK_RELOAD_AT_KEY, String(now));
      location.reload();
      return true;
    }
  } catch {
    // No storage: a reload could not be counted, so none is made.
  }
  const notice = document.querySelector<HTMLElement>('[data-chunk-error]');
  if (notice) {
    notice.hidden = false;
    notice.querySelector('[data-chunk-retry]')?.addEventListener('click', () => location.reload(), { once: true });
  }
  return false;
}
