/**
 * React and the islands, loaded only when a shopper reaches for an island (client/browser/islands.ts):
 * hydrates one island with the props serialized beside it and answers once the island has settled,
 * that is, once the render its own first effects asked for (an island that turns a link into a button
 * when it wakes, like the mini cart) is on the page, so a replayed click lands on what the shopper sees.
 */
import { createElement, useEffect, useState, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ISLAND_LOADERS, type IslandName } from '../islands/registry';

function isIslandName(name: string | undefined): name is IslandName {
  return name !== undefined && Object.hasOwn(ISLAND_LOADERS, name);
}

/** Renders nothing of its own; calls `onSettled` after the commit that follows hydration's effects. */
function Settled({ onSettled, children }: { onSettled: () => void; children?: ReactNode }) {
  const [pass, setPass] = useState(0);
  useEffect(() => {
    // Pass 0: hydration committed and the island's own effects ran (their updates are batched with
    // this one); pass 1: those updates are on the page.
    if (pass === 0) setPass(1);
    else onSettled();
  }, [pass, onSettled]);
  return children;
}

/**
 * What the shopper typed or chose before React was there: React hydrates the values it rendered, the
 * field keeps what was typed, and React would not notice. Each changed field is announced as if typed
 * now (React's value tracker is reset first, so the event counts as a change).
 */
function announceEarlyInput(island: HTMLElement): void {
  for (const field of island.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]):not([type="submit"]):not([type="button"]), textarea',
  )) {
    if (field.value === field.defaultValue) continue;
    const typed = field.value;
    const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    const setValue = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
    // The instance setter (React's tracker) records the server's value, the prototype's puts the typed
    // text back without telling it: the input event then reads as a change.
    field.value = field.defaultValue;
    setValue?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  for (const select of island.querySelectorAll('select')) {
    if ([...select.options].some((option) => option.selected !== option.defaultSelected))
      select.dispatchEvent(new Event('change', { bubbles: true }));
  }
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
        const onSettled = () => {
          announceEarlyInput(element);
          resolve();
        };
        hydrateRoot(
          element,
          createElement(
            Settled,
            { onSettled },
            createElement(Component as React.ComponentType<object>, props as object),
          ),
        );
      }),
  );
}
