/**
 * What a script loaded on intent (client/browser/entry.tsx `enhanceOnIntent`) does with a submission of
 * the forms it handles. The entry has already told which those are: by the form, or by the action the
 * pressed button sends it to (its `formaction`, as a product card's heart and buy button post through their
 * grid's one form). `plainly` hands the submission back to the browser, to post the plain way with the
 * button pressed (a card's names its product), when the script cannot send it itself.
 */
export type SubmitHandler = (
  event: SubmitEvent,
  form: HTMLFormElement,
  pressed: HTMLButtonElement | null,
  plainly: () => void,
) => void;
