/**
 * The development mailbox (issue 13): `GET /_dev/mailbox` lists every mail the shop queued in the outbox
 * (`outgoing_emails`), newest first, with its links clickable, so password resets and other mails can be
 * followed on `npm run dev` while nothing leaves the machine. It exists only with DEV_MAILBOX (which
 * `npm run dev` sets); everywhere else the path is the shop's 404 page. A developer's tool, in English.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { ASSETS } from '../../generated/assets';

/** How many of the newest mails the page shows. */
const SHOWN = 100;

interface MailRow {
  id: number;
  recipient: string;
  language_id: string;
  kind: string;
  subject: string;
  body: string;
  created_at: string;
  sent_at: string | null;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The mail's text, escaped, with its http(s) links made clickable and its lines kept. */
export function mailBodyHtml(body: string): string {
  return escapeHtml(body)
    .replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`)
    .replace(/\n/g, '<br>');
}

function mailboxPage(mails: MailRow[]): string {
  const items = mails
    .map(
      (mail) => `<article class="dev-mail" id="mail-${mail.id}">
  <h2>${escapeHtml(mail.subject)}</h2>
  <p>To <strong>${escapeHtml(mail.recipient)}</strong> · ${escapeHtml(mail.kind)} · ${escapeHtml(mail.language_id)} · queued ${escapeHtml(mail.created_at)}${mail.sent_at ? ` · delivered ${escapeHtml(mail.sent_at)}` : ''}</p>
  <p class="dev-mail__body">${mailBodyHtml(mail.body)}</p>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Dev mailbox</title><link rel="stylesheet" href="${ASSETS.stylesheet}"></head>
<body><main id="main" class="site-main dev-mailbox"><h1>Dev mailbox</h1>
<p>Every mail the shop queued, newest first. Nothing leaves this machine.</p>
${items || '<p>No mail yet.</p>'}
</main></body></html>`;
}

export function devMailboxRoutes() {
  const routes = new Hono<AppEnv>();
  routes.get('/_dev/mailbox', async function devMailbox(c) {
    if (!c.var.config.devMailbox) return c.notFound();
    const { results } = await c.env.DB.prepare(
      `SELECT id, recipient, language_id, kind, subject, body, created_at, sent_at FROM outgoing_emails
       ORDER BY id DESC LIMIT ?`,
    )
      .bind(SHOWN)
      .all<MailRow>();
    return c.html(mailboxPage(results), 200, { 'Cache-Control': 'no-store' });
  });
  return routes;
}
