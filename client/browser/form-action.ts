/**
 * Forms sent by page scripts, and the buttons that post through another form (a product card's heart and
 * buy button post through their grid's one form, client/views/components/ProductGrid.tsx: `form`,
 * `formaction`). What a submission does is the submitter's `formaction` if it has one, else the form's.
 */

/** The action (as written in the markup) of `form` sent by `submitter`. */
export function submitAction(form: HTMLFormElement, submitter: Element | null | undefined): string | null {
  return submitter?.getAttribute('formaction') ?? form.getAttribute('action');
}

/** The button that sent the form, if it is one of the page's buttons (not a script's `submit()`). */
export function submitterOf(event: SubmitEvent): HTMLButtonElement | null {
  return event.submitter instanceof HTMLButtonElement ? event.submitter : null;
}

const native = new WeakSet<HTMLFormElement>();

/**
 * Sends `form` the plain way, as if `submitter` had been pressed without scripts (its name, value and
 * `formaction` go with it): what a script does when it cannot send the form itself. Page scripts leave
 * that submission alone (`sentNatively`).
 */
export function submitNatively(form: HTMLFormElement, submitter: HTMLButtonElement | null): void {
  if (!submitter) {
    HTMLFormElement.prototype.submit.call(form);
    return;
  }
  native.add(form);
  try {
    form.requestSubmit(submitter);
  } finally {
    native.delete(form);
  }
}

/** Whether this submit event is `submitNatively`'s, for the browser to carry out. */
export function sentNatively(form: HTMLFormElement): boolean {
  return native.has(form);
}
