/**
 * /admin/returns (issue 27): withdrawals as a queue, oldest first. Staff mark a return's goods received,
 * then refund exactly what it withdrew through the payment provider (./refund.ts); the withdrawal keeps
 * which refund it was. Both steps are audit-logged.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { ReturnsPage } from '../../client/views/admin/ReturnsPage';
import type { AdminKey } from '../../locales/admin';
import {
  findReturn,
  markReturnReceived,
  returnRefundedStatement,
  returnsQueue,
  type ReturnState,
} from '../commerce/orders/returns';
import { builtInApiOnly, doneTo, writers, type AdminEnv } from './context';
import { renderAdmin, renderAdminMessage } from './render';
import { adminDateTime, adminMoney, pageOf, pagesOf } from './pages';
import { auditStatement, mayWrite } from './staff';
import { REFUND_PROBLEM_NOTICES, refundOrder } from './refund';

const PER_PAGE = 20;
const State = v.picklist(['open', 'received', 'refunded', 'all']);
const ReturnId = v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/), v.transform(Number));

export function returnRoutes() {
  const routes = new Hono<AdminEnv>();
  routes.use('*', builtInApiOnly);
  routes.use('*', writers);

  routes.get('/', async function returnQueue(c) {
    const parsed = v.safeParse(State, c.req.query('state') ?? 'open');
    const state: ReturnState = parsed.success ? parsed.output : 'open';
    const { page, skip, take } = pageOf(c, PER_PAGE);
    const { total, rows } = await returnsQueue(c.env.DB, state, { skip, take });
    const at = c.var.at;
    return renderAdmin(c, {
      title: at('returns.title'),
      body: (
        <ReturnsPage
          at={at}
          canWrite={mayWrite(c.var.staff)}
          state={state}
          total={total}
          page={page}
          pages={pagesOf(total, PER_PAGE)}
          rows={rows.map((row) => ({
            id: row.id,
            orderNumber: row.orderNumber,
            email: row.email,
            withdrawn: at('returns.withdrawn', {
              date: adminDateTime(c, row.createdAt),
              via: at(`returns.${row.via}` as AdminKey),
            }),
            lines: row.lines.map((line) => `${line.quantity} × ${line.name} (${line.articleNumber})`),
            received: row.receivedAt
              ? at('returns.receivedBy', { date: adminDateTime(c, row.receivedAt), who: row.receivedBy ?? '' })
              : null,
            refunded:
              row.refundedAt && row.refundedAmount !== null
                ? at('returns.refundedAt', {
                    date: adminDateTime(c, row.refundedAt),
                    amount: adminMoney(c, row.refundedAmount, row.currency),
                  })
                : null,
          }))}
        />
      ),
    });
  });

  routes.post('/:id/received', async function receive(c) {
    const id = v.safeParse(ReturnId, c.req.param('id'));
    const found = id.success ? await findReturn(c.env.DB, id.output) : null;
    if (!found) return renderAdminMessage(c, 404, 'errors.notFound', 'errors.notFound');
    const now = new Date();
    const marked = await markReturnReceived(c.env.DB, found.id, c.var.staff.email, now, [
      auditStatement(
        c.env.DB,
        c.var.staff,
        {
          action: 'return.received',
          subject: `order:${found.orderNumber} withdrawal:${found.id}`,
          before: { received: false },
          after: { received: true },
        },
        now,
        { afterChange: true },
      ),
    ]);
    if (!marked) return doneTo(c, '/admin/returns', 'returns.alreadyReceived', undefined, 'error');
    return doneTo(c, '/admin/returns?state=received', 'returns.receivedNotice');
  });

  routes.post('/:id/refund', async function refundReturn(c) {
    const id = v.safeParse(ReturnId, c.req.param('id'));
    const found = id.success ? await findReturn(c.env.DB, id.output) : null;
    if (!found) return renderAdminMessage(c, 404, 'errors.notFound', 'errors.notFound');
    if (!found.receivedAt) return doneTo(c, '/admin/returns', 'returns.refundFirst', undefined, 'error');
    const outcome = await refundOrder(c, {
      orderId: found.orderId,
      orderNumber: found.orderNumber,
      choice: new Map(found.lines.map((line) => [line.position, line.quantity])),
      shipping: false,
      reason: c.var.at('returns.refundReason'),
      alongside: (reference) => [returnRefundedStatement(c.env.DB, found.id, reference)],
    });
    const path = '/admin/returns?state=received' as const;
    if (outcome.kind === 'REFUNDED')
      return doneTo(c, '/admin/returns?state=refunded', 'returns.refundedNotice', {
        amount: adminMoney(c, outcome.amount, outcome.currency),
      });
    return doneTo(c, path, REFUND_PROBLEM_NOTICES[outcome.kind], undefined, 'error');
  });

  return routes;
}
