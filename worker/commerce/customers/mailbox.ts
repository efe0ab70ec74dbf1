/** Mail services that ignore dots in the part before the @ (and the name Gmail also answers to). */
const DOTLESS_DOMAINS: Readonly<Record<string, string>> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The mailbox an address delivers to, as far as the address tells (issue 24): letter case, a sub-address
 * (`anna+2@example.se` reaches `anna@example.se` at Gmail, Outlook, iCloud, Fastmail and most others) and
 * Gmail's ignored dots do not make another customer of a once-per-customer code.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless) {
    local = local.replaceAll('.', '');
    domain = dotless;
  }
  return `${local}@${domain}`;
}

/**
 * An address shown to whoever holds a link to its account, masked (issue 24: the reset page names the
 * account it resets): the first letter of the name and the whole domain, `a•••@example.se`.
 */
export function maskedAddress(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}
