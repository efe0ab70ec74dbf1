// Issue 25, the Geins contract, my pages: the reference storefront groups a customer's orders by Geins'
// lower-case statuses (ralph-ui MixAccountOrders: in progress 'received'/'processing' after mapping
// 'pending' and 'pending-payment'; history 'cancelled'/'completed'). We answered RECEIVED and
// PENDING_PAYMENT, which it knows nothing of, so its my orders showed nothing.
import { describe, expect, test } from 'vitest';
import { env } from '../helpers';
import { referenceOperation } from '../operations';
import { graphqlAs } from './cart-helpers';
import { createCustomer, createProduct } from './factories';
import { cartWith, placeInvoiceOrderAs } from './checkout-helpers';

const ORDERS = referenceOperation('user/orders.graphql');

/** The reference client's mapStatus and its two groups, as its code has them. */
function group(status: string): 'inProgress' | 'history' | 'nowhere' {
  const mapped =
    { pending: 'received', 'pending-payment': 'received', backorder: 'received', partial: 'processing' }[status] ??
    status;
  if (['received', 'processing'].includes(mapped)) return 'inProgress';
  if (['cancelled', 'completed'].includes(mapped)) return 'history';
  return 'nowhere';
}

describe('orders on my pages, as the reference storefront groups them', () => {
  test('every status answers a word the reference client puts in progress or in history', async () => {
    const customer = await createCustomer();
    const product = await createProduct({ name: 'Status Penna', prices: { '1|se': 1500 } });
    const orders = [];
    for (let i = 0; i < 4; i++) orders.push(await placeInvoiceOrderAs(customer.token, await cartWith(product.skuId)));
    const set = (id: number, status: string) =>
      env.DB.prepare('UPDATE orders SET status = ? WHERE id = ?').bind(status, id).run();
    await set(orders[1]!.id, 'PROCESSING');
    await set(orders[2]!.id, 'PROCESSING');
    await set(orders[2]!.id, 'COMPLETED');
    await set(orders[3]!.id, 'CANCELLED');
    const { data, errors } = await graphqlAs(customer.token, ORDERS, {});
    expect(errors).toBeUndefined();
    const statuses = (data!.getOrders as { id: number; status: string }[])
      .sort((a, b) => a.id - b.id)
      .map((order) => order.status);
    expect(statuses).toEqual(['pending', 'processing', 'completed', 'cancelled']);
    expect(statuses.map(group)).toEqual(['inProgress', 'inProgress', 'history', 'history']);
  });
});
