/** localStorage: when the next login token refresh is due, shared by the tabs (client/browser/auth-refresh.ts). */
export const REFRESH_AT_KEY = 'ralph:auth-refresh-at';
