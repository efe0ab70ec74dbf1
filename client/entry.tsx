/**
 * The only script a page loads: finds island markers in the HTML and hydrates each with the props
 * serialized beside it. Islands streamed in later (inside Suspense boundaries) are picked up when the
 * document finishes loading.
 */
import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ISLAND_LOADERS, type IslandName } from './islands/registry';
import { startAnalytics } from './analytics';
import { startLoadingBar } from './loading-bar';
import { startPageChrome } from './page-chrome';
import { publish, subscribe } from './shop/channel';
import { readShopScope, SHOP_SCOPE_ELEMENT_ID } from './shop/scope';
import { syncTabs } from './shop/tab-sync';

function isIslandName(name: string | undefined): name is IslandName {
  return name !== undefined && Object.hasOwn(ISLAND_LOADERS, name);
}

async function hydrateIsland(element: HTMLElement): Promise<void> {
  const name = element.dataset.island;
  if (!isIslandName(name)) return;
  const propsScript = element.nextElementSibling;
  const props: unknown =
    propsScript instanceof HTMLScriptElement && propsScript.dataset.islandProps === name
      ? JSON.parse(propsScript.textContent || '{}')
      : {};
  const { default: Component } = await ISLAND_LOADERS[name]();
  hydrateRoot(element, createElement(Component as React.ComponentType<object>, props as object));
}

function hydrateIslands(): void {
  for (const element of document.querySelectorAll<HTMLElement>('[data-island]:not([data-hydrating])')) {
    element.setAttribute('data-hydrating', '');
    hydrateIsland(element).catch((error: unknown) => console.error('island failed to hydrate', error));
  }
}

hydrateIslands();
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', hydrateIslands);

// The page's chrome: navigation loading bar, dropdown dismissal and header hiding, analytics data layer.
startLoadingBar();
startPageChrome();
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', startAnalytics);
else startAnalytics();
// Favorite toggles without page loads, only on pages that have one (client/favorite-toggle.ts).
if (document.querySelector('form[action="/api/favorites/toggle"]')) void import('./favorite-toggle').then((module) => module.enhanceFavoriteToggles());
// Add to cart without page loads, on pages with an add-to-cart form (client/shop/add-to-cart-forms.ts).
const enhanceCartForms = () => document.querySelector('form[action$="/api/cart/add"]') && void import('./shop/add-to-cart-forms').then((module) => module.enhanceAddToCartForms());
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', enhanceCartForms);
else enhanceCartForms();
// Market, checkout market and login shared between tabs (spec §4; client/shop/tab-sync.ts).
if (document.getElementById(SHOP_SCOPE_ELEMENT_ID)) {
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    // Storage blocked: changes are not announced, but this tab still follows the others.
  }
  syncTabs(readShopScope(), { publish, subscribe }, storage, () => location.reload());
}
