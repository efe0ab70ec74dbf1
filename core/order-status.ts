/**
 * Order statuses as a Geins Merchant API answers them in OrderType.status (issue 25): lower case, in
 * Geins' words, which the reference storefront's my pages group (ralph-ui MixAccountOrders: 'pending' and
 * 'pending-payment' are received, 'completed' and 'cancelled' history). The shop keeps its own upper-case
 * statuses inside (docs/decisions/002-order-status.md); the API speaks Geins', and the storefront reads
 * them back with `orderStatusOfApi`.
 */
export type OrderStatusName = 'PENDING_PAYMENT' | 'RECEIVED' | 'PROCESSING' | 'COMPLETED' | 'CANCELLED';

const API_STATUS: Record<OrderStatusName, string> = {
  PENDING_PAYMENT: 'pending-payment',
  RECEIVED: 'pending',
  PROCESSING: 'processing',
  COMPLETED: 'completed',
  CANCELLED: 'cancelled',
};

/** The status the API answers for one of the shop's statuses. */
export function apiOrderStatus(status: string): string {
  return API_STATUS[status as OrderStatusName] ?? status.toLowerCase();
}

/** The shop's status for a status the API answered (Geins' other words mapped as the reference client does). */
export function orderStatusOfApi(status: string | null | undefined): OrderStatusName {
  switch ((status ?? '').toLowerCase()) {
    case 'pending-payment':
    case 'pending_payment':
      return 'PENDING_PAYMENT';
    case 'processing':
    case 'partial':
    case 'inactive':
    case 'on-hold':
      return 'PROCESSING';
    case 'completed':
    case 'refunded':
      return 'COMPLETED';
    case 'cancelled':
    case 'out-of-stock':
      return 'CANCELLED';
    default:
      return 'RECEIVED';
  }
}
