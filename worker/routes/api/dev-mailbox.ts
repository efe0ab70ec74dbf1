/**
 * The development mailbox (issue 13): `GET /_dev/mailbox` lists every mail the shop queued in the outbox
 * (`outgoing_emails`), newest first, each with its delivery state, its HTML part rendered and its text
 * part with the links clickable, so password resets and other mails can be followed on `npm run dev`
 * while nothing leaves the machine (the dev-mailbox provider marks them delivered, worker/mail/). It
 * exists only with DEV_MAILBOX (which `npm run dev` sets); everywhere else the path is the shop's 404 page.
 * A developer's tool, in English.
 *
 * The HTML part is shown in a sandboxed frame (`srcdoc`: no scripts, no same-origin access) whose links
 * open in the top window; the frame inherits this page's Content-Security-Policy, which allows inline
 * styles here only (worker/middleware/security-headers.ts).
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { ASSETS } from '../../generated/assets';
import { DEV_MAILBOX_PATH } from '../../urls/request';

/** How many of the newest mails the page shows. */
const SHOWN = 100;

interface MailRow {
  id: number;
  recipient: string;
  language_id: string;
  kind: string;
  subject: string;
  body: string;
  html: string | null;
  created_at: string;
  sent_at: string | null;
  failed_at: string | null;
  attempts: number;
  last_error: string | null;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The mail's text, escaped, with its http(s) links made clickable and its lines kept. */
export function mailBodyHtml(body: string): string {
  return escapeHtml(body)
    .replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`)
    .replace(/\n/g, '<br>');
}

/**
 * The frame that shows a mail's HTML part: the document goes in `srcdoc` (escaped as an attribute), its
 * links target the top window, and the sandbox allows nothing but following a link the developer clicks.
 */
export function mailHtmlFrame(html: string, title: string): string {
  const document = /<head>/i.test(html) ? html.replace(/<head>/i, '<head><base target="_top">') : html;
  return `<iframe class="dev-mail__html" title="${escapeHtml(title)}" width="100%" height="640" loading="lazy"
  sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" srcdoc="${escapeHtml(document)}"></iframe>`;
}

/** Where the mail's delivery stands: delivered, given up, or waiting (with its attempts). */
function deliveryState(mail: MailRow): string {
  if (mail.sent_at) return `delivered ${escapeHtml(mail.sent_at)}`;
  if (mail.failed_at)
    return `<strong>given up</strong> ${escapeHtml(mail.failed_at)}: ${escapeHtml(mail.last_error ?? '')}`;
  const tried = mail.attempts ? `, ${mail.attempts} attempts, last error: ${escapeHtml(mail.last_error ?? '')}` : '';
  return `<strong>not delivered yet</strong>${tried}`;
}

function mailArticle(mail: MailRow): string {
  const html = mail.html
    ? `\n  ${mailHtmlFrame(mail.html, `HTML part of "${mail.subject}"`)}\n  <h3>Text part</h3>`
    : '';
  return `<article class="dev-mail" id="mail-${mail.id}">
  <h2>${escapeHtml(mail.subject)}</h2>
  <p>To <strong>${escapeHtml(mail.recipient)}</strong> · ${escapeHtml(mail.kind)} · ${escapeHtml(mail.language_id)} · queued ${escapeHtml(mail.created_at)} · ${deliveryState(mail)}</p>${html}
  <p class="dev-mail__body">${mailBodyHtml(mail.body)}</p>
</article>`;
}

function mailboxPage(mails: MailRow[]): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Dev mailbox</title><link rel="stylesheet" href="${ASSETS.stylesheet}"></head>
<body><main id="main" class="site-main dev-mailbox"><h1>Dev mailbox</h1>
<p>Every mail the shop queued, newest first. Nothing leaves this machine.</p>
${mails.map(mailArticle).join('\n') || '<p>No mail yet.</p>'}
</main></body></html>`;
}

export function devMailboxRoutes() {
  const routes = new Hono<AppEnv>();
  routes.get(DEV_MAILBOX_PATH, async function devMailbox(c) {
    if (!c.get('config').devMailbox) return c.notFound();
    const { results } = await c.env.DB.prepare(
      `SELECT id, recipient, language_id, kind, subject, body, html, created_at, sent_at, failed_at, attempts, last_error
       FROM outgoing_emails ORDER BY id DESC LIMIT ?`,
    )
      .bind(SHOWN)
      .all<MailRow>();
    return c.html(mailboxPage(results), 200, { 'Cache-Control': 'no-store' });
  });
  return routes;
}
