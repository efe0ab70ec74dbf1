/**
 * React and the islands, loaded only when a shopper reaches for an island (client/browser/islands.ts):
 * hydrates one island with the props serialized beside it and answers once the island has settled,
 * that is, once the render its own first effects asked for (an island that turns a link into a button
 * when it wakes, like the mini cart) is on the page, so a replayed click lands on what the shopper sees.
 */
import { createElement, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ISLAND_LOADERS, type IslandName } from '../islands/registry';
import { followEarlyInput, giveBackEarlyInput, noteEarlyInput } from './early-input-dom';

function isIslandName(name: string | undefined): name is IslandName {
  return name !== undefined && Object.hasOwn(ISLAND_LOADERS, name);
}

/**
 * Renders nothing of its own; calls `onHydrated` at the hydration commit (its layout effects: the fields
 * still show what the shopper left in them, no render has touched them yet) and `onSettled` after the
 * commit that follows hydration's effects.
 */
function Settled({
  onHydrated,
  onSettled,
  children,
}: {
  onHydrated: () => void;
  onSettled: () => void;
  children?: ReactNode;
}) {
  useLayoutEffect(onHydrated, [onHydrated]);
  const [pass, setPass] = useState(0);
  useEffect(() => {
    // Pass 0: hydration committed and the island's own effects ran (their updates are batched with
    // this one); pass 1: those updates are on the page.
    if (pass === 0) setPass(1);
    else onSettled();
  }, [pass, onSettled]);
  return children;
}

/** Hydrates `element` (a `[data-island]` marker); resolves when it has settled. */
export function hydrateIsland(element: HTMLElement): Promise<void> {
  const name = element.dataset.island;
  if (!isIslandName(name)) return Promise.reject(new Error(`unknown island ${name ?? ''}`));
  const propsScript = element.nextElementSibling;
  const props: unknown =
    propsScript instanceof HTMLScriptElement && propsScript.dataset.islandProps === name
      ? JSON.parse(propsScript.textContent || '{}')
      : {};
  // Named as a chunk that failed to load (spec §8), so the page reloads rather than stay dead; the
  // name's test lives in islands.ts, which this chunk does not import (it would be split off the entry).
  const load = ISLAND_LOADERS[name]().catch((error: unknown) => {
    throw Object.assign(new Error(`Loading chunk ${name} failed`, { cause: error }), { name: 'ChunkLoadError' });
  });
  return load.then(
    ({ default: Component }) =>
      new Promise<void>((resolve) => {
        // What the shopper types, autofills or picks before and while React hydrates is given back to the
        // island right after the hydration commit, before its own renders could put the server's values
        // back (client/browser/early-input.ts).
        const stopFollowing = followEarlyInput(element);
        const onHydrated = () => {
          const early = noteEarlyInput(element, stopFollowing());
          // Past the commit (and the renders it flushes), so the island's onChange renders at once.
          queueMicrotask(() => giveBackEarlyInput(early));
        };
        hydrateRoot(
          element,
          createElement(
            Settled,
            { onHydrated, onSettled: resolve },
            createElement(Component as React.ComponentType<object>, props as object),
          ),
        );
      }),
  );
}
