/**
 * Every island, by the name its server marker carries. The client loads only the islands a page
 * contains, each as its own chunk.
 */
export const ISLAND_LOADERS = {
  CartCounter: () => import('./CartCounter'),
  ListPager: () => import('./ListPager'),
  SearchBox: () => import('./SearchBox'),
  PurchaseTracker: () => import('./PurchaseTracker'),
  Checkout: () => import('./Checkout'),
} as const;

export type IslandName = keyof typeof ISLAND_LOADERS;
