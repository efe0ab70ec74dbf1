// Types of e2e-servers.mjs for playwright.config.ts.
export declare const BASE_URL: string;
export declare const HTTPS_BASE_URL: string;
export declare const REMOTE_BASE_URL: string;
export declare const E2E_CATALOG_SIGNAL_SECRET: string;

export interface E2eServer {
  name: 'https' | 'http' | 'remote';
  command: string;
  args: string[];
  url: string;
  env: Record<string, string>;
}

export declare function e2eServers(options?: { built?: boolean }): E2eServer[];
