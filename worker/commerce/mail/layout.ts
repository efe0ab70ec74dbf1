/**
 * The shop's look in a mail (issue 13): one layout every mail is drawn in, as a text part and an HTML part
 * that say the same. Mail clients know little CSS, so the HTML is tables with inline styles (no <style>,
 * no images, no scripts); the colours are the storefront's (client/styles/index.css `:root`), written here
 * because the domain does not import client code. Every value put into the HTML is escaped here, once.
 */
import type { Locale } from '../../../locales';

/** The storefront's colours (client/styles/index.css): brand yellow with ink, as the header draws them. */
export const MAIL_COLOURS = {
  brand: '#fdd600',
  brandStrong: '#e6c200',
  ink: '#16181d',
  inkSoft: '#4a4f5a',
  line: '#e3e5ea',
  surface: '#ffffff',
  canvas: '#f6f6f3',
} as const;

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** What a mail says, in the customer's language; `renderMail` draws it. */
export interface MailContent {
  locale: Locale;
  shopName: string;
  /** The shop's origin, linked in the footer. */
  origin: string;
  subject: string;
  heading: string;
  /** Paragraphs above the button. */
  intro: string[];
  /** The one thing the mail asks the customer to do: a button in HTML, "label: link" in text. */
  action: { label: string; href: string; fallback: string };
  /** Paragraphs below the button. */
  outro: string[];
  footer: string;
}

/** A mail ready for the outbox: subject, text part and HTML part. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Text made safe for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Only http(s) links become an href; anything else (javascript:, data:) is dropped to '#'. */
function safeHref(url: string): string {
  return /^https?:\/\//i.test(url) ? escapeHtml(url) : '#';
}

function paragraph(text: string, style = `margin:0 0 16px;`): string {
  return `<p style="${style}">${escapeHtml(text)}</p>`;
}

function textPart(mail: MailContent): string {
  return [
    mail.heading,
    ...mail.intro,
    `${mail.action.label}: ${mail.action.href}`,
    ...mail.outro,
    `${mail.footer}\n${mail.origin}`,
  ].join('\n\n');
}

function htmlPart(mail: MailContent): string {
  const c = MAIL_COLOURS;
  const href = safeHref(mail.action.href);
  const button = `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;"><tr>
<td style="background:${c.brand};border:1px solid ${c.brandStrong};border-radius:6px;"><a href="${href}" style="display:inline-block;padding:12px 24px;color:${c.ink};font-weight:700;font-size:16px;text-decoration:none;">${escapeHtml(mail.action.label)}</a></td>
</tr></table>`;
  const fallback = `<p style="margin:0 0 16px;font-size:13px;color:${c.inkSoft};">${escapeHtml(mail.action.fallback)}<br><a href="${href}" style="color:${c.ink};word-break:break-all;">${escapeHtml(mail.action.href)}</a></p>`;
  return `<!doctype html>
<html lang="${escapeHtml(mail.locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(mail.subject)}</title></head>
<body style="margin:0;padding:0;background:${c.canvas};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${c.canvas};"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:${c.surface};border:1px solid ${c.line};border-radius:10px;font-family:${FONT};color:${c.ink};font-size:16px;line-height:1.5;">
<tr><td style="background:${c.brand};border-bottom:1px solid ${c.brandStrong};border-radius:10px 10px 0 0;padding:20px 24px;font-size:22px;font-weight:800;color:${c.ink};">${escapeHtml(mail.shopName)}</td></tr>
<tr><td style="padding:24px;">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;">${escapeHtml(mail.heading)}</h1>
${mail.intro.map((text) => paragraph(text)).join('\n')}
${button}
${mail.outro.map((text) => paragraph(text)).join('\n')}
${fallback}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid ${c.line};font-size:13px;color:${c.inkSoft};">${escapeHtml(mail.footer)}<br><a href="${safeHref(mail.origin)}" style="color:${c.inkSoft};">${escapeHtml(mail.origin.replace(/^https?:\/\//i, ''))}</a></td></tr>
</table>
</td></tr></table>
</body></html>`;
}

/** The mail's subject, text part and HTML part. */
export function renderMail(mail: MailContent): RenderedMail {
  return { subject: mail.subject, text: textPart(mail), html: htmlPart(mail) };
}
