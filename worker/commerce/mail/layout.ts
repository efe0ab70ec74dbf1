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
  /**
   * A link of someone else's the mail passes on (the carrier's tracking page the merchant set): 'label:
   * link' in text, a plain link in HTML, below the paragraphs. Anything but http(s) is left out.
   */
  link?: { label: string; href: string } | null;
  /** Tables below the paragraphs (an order's lines, totals, addresses): a title and rows of label and value. */
  sections?: MailSection[];
  /** The one thing the mail asks the customer to do: a button in HTML, "label: link" in text; none for a mere notice. */
  action: { label: string; href: string; fallback: string } | null;
  /** Paragraphs below the button. */
  outro: string[];
  footer: string;
}

/** A table of a mail: e.g. 'Dina varor' with '2 × Kulspetspenna' and '278 kr'; an empty value spans the row. */
export interface MailSection {
  title: string;
  rows: { label: string; value: string; strong?: boolean }[];
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

/** Line breaks, tabs and other control characters (and the Unicode line and paragraph separators). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
/** A dot, colon, slash or at sign between letters or digits: what makes text look like an address or a link. */
const LINK_JOINT = /([\p{L}\p{N}])([.:/@])(?=[\p{L}\p{N}])/gu;
const ZERO_WIDTH_SPACE = '\u200b';

/**
 * What a shopper typed (a name, a company, an address, a reference), made inert for a mail (issue 24): one
 * line (a line break becomes a space, so no new lines or paragraphs of their own), and nothing a mail
 * client would turn into a link: a zero-width space after each dot, colon, slash or at sign between
 * letters ("evil.example" reads the same but is no longer an address) and inside "://". Used by the
 * templates on every value that came from a shopper, in both parts.
 */
export function inertText(text: string): string {
  return text
    .replace(CONTROL, ' ')
    .replace(/ {2,}/g, ' ')
    .trim()
    .replace(/:\/\//g, `:${ZERO_WIDTH_SPACE}//`)
    .replace(LINK_JOINT, `$1$2${ZERO_WIDTH_SPACE}`);
}

const HTTP_LINK = /^https?:\/\//i;

/** Only http(s) links become an href; anything else (javascript:, data:) is dropped to '#'. */
function safeHref(url: string): string {
  return HTTP_LINK.test(url) ? escapeHtml(url) : '#';
}

/** The mail's passed-on link when it is an http(s) link, else none. */
function httpLinkOf(mail: MailContent): { label: string; href: string } | null {
  return mail.link && HTTP_LINK.test(mail.link.href) ? mail.link : null;
}

function paragraph(text: string, style = `margin:0 0 16px;`): string {
  return `<p style="${style}">${escapeHtml(text)}</p>`;
}

function sectionText(section: MailSection): string {
  return [section.title, ...section.rows.map((row) => (row.value ? `${row.label}: ${row.value}` : row.label))].join(
    '\n',
  );
}

function sectionHtml(section: MailSection): string {
  const c = MAIL_COLOURS;
  const rows = section.rows
    .map((row) => {
      const weight = row.strong ? 'font-weight:700;' : '';
      if (!row.value) return `<tr><td colspan="2" style="padding:2px 0;${weight}">${escapeHtml(row.label)}</td></tr>`;
      return `<tr><td style="padding:4px 12px 4px 0;${weight}">${escapeHtml(row.label)}</td><td align="right" style="padding:4px 0;white-space:nowrap;${weight}">${escapeHtml(row.value)}</td></tr>`;
    })
    .join('\n');
  return `<h2 style="margin:8px 0 8px;font-size:17px;">${escapeHtml(section.title)}</h2>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 20px;border-top:1px solid ${c.line};font-size:15px;">
${rows}
</table>`;
}

function textPart(mail: MailContent): string {
  const link = httpLinkOf(mail);
  return [
    mail.heading,
    ...mail.intro,
    ...(link ? [`${link.label}: ${link.href}`] : []),
    ...(mail.sections ?? []).map(sectionText),
    ...(mail.action ? [`${mail.action.label}: ${mail.action.href}`] : []),
    ...mail.outro,
    `${mail.footer}\n${mail.origin}`,
  ].join('\n\n');
}

function htmlPart(mail: MailContent): string {
  const c = MAIL_COLOURS;
  const href = mail.action ? safeHref(mail.action.href) : '#';
  const link = httpLinkOf(mail);
  const passedOn = !link
    ? ''
    : `<p style="margin:0 0 16px;"><a href="${safeHref(link.href)}" style="color:${c.ink};font-weight:700;">${escapeHtml(link.label)}</a><br><a href="${safeHref(link.href)}" style="font-size:13px;color:${c.inkSoft};word-break:break-all;">${escapeHtml(link.href)}</a></p>`;
  const button = !mail.action
    ? ''
    : `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;"><tr>
<td style="background:${c.brand};border:1px solid ${c.brandStrong};border-radius:6px;"><a href="${href}" style="display:inline-block;padding:12px 24px;color:${c.ink};font-weight:700;font-size:16px;text-decoration:none;">${escapeHtml(mail.action.label)}</a></td>
</tr></table>`;
  const fallback = !mail.action
    ? ''
    : `<p style="margin:0 0 16px;font-size:13px;color:${c.inkSoft};">${escapeHtml(mail.action.fallback)}<br><a href="${href}" style="color:${c.ink};word-break:break-all;">${escapeHtml(mail.action.href)}</a></p>`;
  return `<!doctype html>
<html lang="${escapeHtml(mail.locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(mail.subject)}</title></head>
<body style="margin:0;padding:0;background:${c.canvas};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${c.canvas};"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:${c.surface};border:1px solid ${c.line};border-radius:10px;font-family:${FONT};color:${c.ink};font-size:16px;line-height:1.5;">
<tr><td style="background:${c.brand};border-bottom:1px solid ${c.brandStrong};border-radius:10px 10px 0 0;padding:20px 24px;font-size:22px;font-weight:800;color:${c.ink};">${escapeHtml(mail.shopName)}</td></tr>
<tr><td style="padding:24px;">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;">${escapeHtml(mail.heading)}</h1>
${mail.intro.map((text) => paragraph(text)).join('\n')}
${passedOn}
${(mail.sections ?? []).map(sectionHtml).join('\n')}
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
