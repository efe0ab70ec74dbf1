/**
 * What a write changed that an open page shows live (issue 28: stock and prices, a cart, an order's status).
 * The domain marks the statement that makes such a change (`announcing`), in the batch that makes it; the
 * request's database (request-database.ts) collects what each marked statement changed once its batch has
 * committed, and the worker tells the live rooms after the answer (worker/live/publish.ts). So a change is
 * announced where it is made, however it was asked for (a shopper's order, the back office, the merchant's
 * API, an import), and never before it is in D1.
 */

/** A statement's change: products (their ids come back from its RETURNING product_id), a cart, an order. */
export type Announcement = { kind: 'products' } | { kind: 'cart'; cartId: string } | { kind: 'order'; orderId: number };

const announced = new WeakMap<D1PreparedStatement, Announcement>();

/** Marks `statement` as making the change `what`; returns the statement. */
export function announcing(statement: D1PreparedStatement, what: Announcement): D1PreparedStatement {
  announced.set(statement, what);
  return statement;
}

/** The changes a request (or a queue's batch, or a sweep) made, gathered from its committed batches. */
export class LiveChanges {
  readonly products = new Set<number>();
  readonly carts = new Set<string>();
  readonly orders = new Set<number>();

  /** Records what the marked statements among `statements` changed, from their `results`. */
  record(statements: readonly D1PreparedStatement[], results: readonly D1Result<unknown>[]): void {
    statements.forEach((statement, index) => {
      const what = announced.get(statement);
      if (!what) return;
      if (what.kind === 'cart') this.carts.add(what.cartId);
      else if (what.kind === 'order') this.orders.add(what.orderId);
      else
        for (const row of (results[index]?.results ?? []) as { product_id?: unknown }[])
          if (typeof row.product_id === 'number') this.products.add(row.product_id);
    });
  }

  get empty(): boolean {
    return this.products.size === 0 && this.carts.size === 0 && this.orders.size === 0;
  }
}
