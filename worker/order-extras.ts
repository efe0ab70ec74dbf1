/**
 * What my pages show of a customer's orders beyond the Geins contract (issue 14), which the built-in API
 * knows and answers in process: each order's status history and withdrawal state
 * (commerce/orders/timeline.ts; the withdrawal function reads and writes the built-in API's orders) and
 * the company VAT number given at checkout. A remote API's OrderType has no field for them (issue 26): in
 * front of one `orderExtrasOf(c)` is null, and my pages show the API's order, with the withdrawal by
 * contact with customer service.
 */
import type { Context } from 'hono';
import type { AppEnv } from './app-env';
import { customerOrderVatNumbers } from './commerce/orders/records';
import { customerOrderTimelines, type OrderTimeline } from './commerce/orders/timeline';

export type { OrderTimeline };

export interface OrderExtras {
  /** The customer's orders' status histories and withdrawal states, by order id. */
  timelines(customerId: number, now: Date): Promise<Map<string, OrderTimeline>>;
  /** The company VAT numbers of the customer's orders, by order id. */
  vatNumbers(customerId: number): Promise<Map<string, string>>;
}

/** The built-in API's order extras; null in front of a remote API. */
export function orderExtrasOf(c: Context<AppEnv>): OrderExtras | null {
  if (c.get('config').graphqlEndpoint) return null;
  return {
    timelines: (customerId, now) => customerOrderTimelines(c.env.DB, customerId, now),
    vatNumbers: (customerId) => customerOrderVatNumbers(c.env.DB, customerId),
  };
}
