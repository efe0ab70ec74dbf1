// Shared by the security tests (issue 12).
import { env } from '../helpers';

/** The merchant's API key the test worker is configured with (vitest.config.ts). */
export const MERCHANT_API_KEY = (env as unknown as { MERCHANT_API_KEY: string }).MERCHANT_API_KEY;
