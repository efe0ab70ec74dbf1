/**
 * /admin/mail (issue 27): the outbox (docs/decisions/008), every mail the shop queued and its state:
 * waiting (with its attempts and next try), delivered, or not delivered (and why). A mail may be sent
 * again as a copy of the same words, a new mail to the queue, unless its words are gone or it held a link
 * that expires (reset, opt-in). The storefront's own data: here in front of a remote API too.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { MailPage } from '../../client/views/admin/MailPage';
import type { AdminKey } from '../../locales/admin';
import { announceMail, copyMailStatement, outboxForStaff, type OutboxState } from '../commerce/mail/outbox';
import { doneTo, writers, type AdminEnv } from './context';
import { renderAdmin, renderAdminMessage } from './render';
import { adminDateTime, pageOf, pagesOf } from './pages';
import { auditStatement, mayWrite } from './staff';

const PER_PAGE = 50;
const State = v.picklist(['waiting', 'failed', 'sent', 'all']);
const MailId = v.pipe(v.string(), v.regex(/^[1-9]\d{0,11}$/), v.transform(Number));

export function mailRoutes() {
  const routes = new Hono<AdminEnv>();
  routes.use('*', writers);

  routes.get('/', async function outbox(c) {
    const parsed = v.safeParse(State, c.req.query('state') ?? 'failed');
    const state: OutboxState = parsed.success ? parsed.output : 'failed';
    const { page, skip, take } = pageOf(c, PER_PAGE);
    const { total, rows } = await outboxForStaff(c.env.DB, state, { skip, take });
    const at = c.var.at;
    return renderAdmin(c, {
      title: at('mail.title'),
      body: (
        <MailPage
          at={at}
          canWrite={mayWrite(c.var.staff)}
          state={state}
          total={total}
          page={page}
          pages={pagesOf(total, PER_PAGE)}
          rows={rows.map((row) => ({
            id: row.id,
            when: adminDateTime(c, row.createdAt),
            to: row.recipient,
            subject: row.subject,
            kind: at(`mail.kinds.${row.kind}` as AdminKey) || row.kind,
            status: row.sentAt
              ? at('mail.sentAt', { date: adminDateTime(c, row.sentAt) })
              : row.failedAt
                ? at('mail.failedAt', { date: adminDateTime(c, row.failedAt), error: row.lastError ?? '' })
                : at('mail.waitingAt', {
                    attempts: row.attempts,
                    date: row.nextAttemptAt ? adminDateTime(c, row.nextAttemptAt) : '–',
                  }),
            resendable: row.resendable,
          }))}
        />
      ),
    });
  });

  routes.post('/:id/retry', async function retry(c) {
    const id = v.safeParse(MailId, c.req.param('id'));
    if (!id.success) return renderAdminMessage(c, 404, 'errors.notFound', 'errors.notFound');
    const now = new Date();
    const [copied] = await c.env.DB.batch<{ id: number }>([
      copyMailStatement(c.env.DB, id.output, `retry-${id.output}-${now.getTime()}`, now),
      auditStatement(
        c.env.DB,
        c.var.staff,
        { action: 'mail.retry', subject: `mail:${id.output}`, before: null, after: null },
        now,
        { afterChange: true },
      ),
    ]);
    const copy = copied!.results[0]?.id;
    if (copy === undefined) return doneTo(c, '/admin/mail?state=all', 'mail.notRetryable', undefined, 'error');
    await announceMail(c.env.MAIL_QUEUE, copy);
    return doneTo(c, '/admin/mail?state=all', 'mail.retried');
  });

  return routes;
}
