/**
 * A payment provider's markup on one of our pages (Klarna's html_snippet, Avarda's script, a Geins API's
 * external checkout): the CSP lets no script run without this response's nonce, so each of its scripts
 * gets it. The markup comes from the provider's or the commerce API's answer over TLS, never from a shopper.
 */
export function noncedMarkup(html: string, nonce: string | undefined): string {
  if (!nonce) return html;
  return html.replace(/<script\b(?![^>]*\bnonce=)/gi, `<script nonce="${nonce}"`);
}
