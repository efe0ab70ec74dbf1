/**
 * The header a page's answer tells the service worker with whether it may keep a copy for offline reading
 * (issue 28): `public` (catalog and content pages), `personal` (the checkout's cart: forgotten at logout).
 * Set by worker/routes/pages.tsx, read by client/sw/offline-rules.ts.
 */
export const OFFLINE_COPY_HEADER = 'X-Offline-Copy';
export type OfflineCopy = 'public' | 'personal';
