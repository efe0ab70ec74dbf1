/**
 * The cookie banner's forms answered in place (issue 12): the choice is posted as the form would post it
 * (the same endpoint, fields and CSRF check), the banner goes away, and an accepted choice starts the
 * analytics data layer on this page without a reload. Without this script the forms post and the page
 * comes back with the choice made. A choice that fails to save falls back to the plain form post.
 */
import { startAnalytics } from './analytics';

function rememberChoice(choice: 'accepted' | 'rejected'): void {
  const element = document.getElementById('page-data');
  if (!element?.textContent) return;
  try {
    const data = JSON.parse(element.textContent) as Record<string, unknown>;
    element.textContent = JSON.stringify({ ...data, consent: choice });
  } catch {
    // Broken page data: analytics does not start either way.
  }
}

export function enhanceConsentForms(): void {
  document.addEventListener('submit', (event) => {
    const form = event.target as HTMLFormElement | null;
    if (!form?.matches?.('[data-consent-banner] form[data-consent-form]')) return;
    const choice = new FormData(form).get('choice');
    if (choice !== 'accept' && choice !== 'reject') return;
    event.preventDefault();
    fetch(form.action, { method: 'POST', body: new FormData(form), credentials: 'same-origin', redirect: 'manual' })
      .then((response) => {
        if (response.type !== 'opaqueredirect' && !response.ok) throw new Error(`consent ${response.status}`);
        document.querySelector('[data-consent-banner]')?.remove();
        const chosen = choice === 'accept' ? 'accepted' : 'rejected';
        rememberChoice(chosen);
        if (chosen === 'accepted') startAnalytics();
      })
      .catch(() => form.submit());
  });
}
