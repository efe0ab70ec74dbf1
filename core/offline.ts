/**
 * The header a page's answer tells the service worker with whether it may keep a copy for offline reading
 * (issue 28): `public` (catalog and content pages seen logged out, with nothing of the shopper's own),
 * `personal` (the checkout's cart, and catalog pages a customer saw: forgotten at logout).
 * Set by worker/routes/pages.tsx, read by client/sw/offline-rules.ts.
 */
export const OFFLINE_COPY_HEADER = 'X-Offline-Copy';
export type OfflineCopy = 'public' | 'personal';

/**
 * The header every page's answer tells the service worker with whether a customer is logged in
 * (`customer` or `guest`): the first `guest` page after a `customer` one is a logout, and the personal
 * copies go (docs/decisions/026).
 */
export const OFFLINE_SESSION_HEADER = 'X-Offline-Session';
