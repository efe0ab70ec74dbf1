/**
 * What a shopper typed, autofilled, pasted, ticked or picked in an island before React was there (islands
 * wake on intent, client/browser/islands.ts, so a quick shopper is often first). React 19 hydrates a field
 * leaving its text alone, but its state still holds the server's value and its next render puts that back:
 * the shopper's input would vanish (or lose the letters typed while React was on its way). So the island's
 * controls are followed from the moment React is about to hydrate, their state is noted at the hydration
 * commit (before any render can touch them), and right after that each control the shopper changed is
 * announced to the island as the shopper's own input would be (its onChange sees it); the focus and caret
 * then go back where they were. This module is loaded with React (client/browser/hydrate.tsx), never before.
 * These are its rules, free of the DOM; client/browser/early-input-dom.ts applies them to the page.
 */

/** A form control's state as the page shows it, beside what the server rendered into it. */
export type ControlState =
  | { kind: 'text'; value: string; defaultValue: string }
  | { kind: 'check'; checked: boolean; defaultChecked: boolean }
  | { kind: 'choice'; selected: boolean[]; defaultSelected: boolean[]; multiple: boolean };

/** What the shopper made of a control: the text, whether it is ticked, which options are picked. */
export type EarlyChange =
  { kind: 'text'; value: string } | { kind: 'check'; checked: boolean } | { kind: 'choice'; selected: boolean[] };

/** The change a control shows against what the server rendered into it, or null when it shows none. */
export function changeShown(state: ControlState): EarlyChange | null {
  switch (state.kind) {
    case 'text':
      return state.value === state.defaultValue ? null : { kind: 'text', value: state.value };
    case 'check':
      return state.checked === state.defaultChecked ? null : { kind: 'check', checked: state.checked };
    case 'choice': {
      // A one-choice select with no option marked by the server shows its first.
      const marked = state.multiple || state.defaultSelected.some(Boolean);
      const shownFirst = (index: number) => (marked ? (state.defaultSelected[index] ?? false) : index === 0);
      return state.selected.every((selected, index) => selected === shownFirst(index))
        ? null
        : { kind: 'choice', selected: state.selected };
    }
  }
}

/**
 * What to give back to the island for a control at the hydration commit. What the control shows, when it
 * differs from the server's; else what the shopper's own input events last left in it (`followed`: null
 * when they brought it back to the server's value), for hydration itself can put the server's text back
 * (a textarea whose server text is not empty) or render a control anew (a part React could not hydrate).
 */
export function earlyChangeOf(state: ControlState, followed?: EarlyChange | null): EarlyChange | null {
  return changeShown(state) ?? followed ?? null;
}

/** The caret and selection of the focused field as the shopper left them, with the text they were in. */
export interface Caret {
  value: string;
  start: number;
  end: number;
  direction: 'forward' | 'backward' | 'none';
}

/** Where the caret goes back to once the island has its values: where it was, unless the text has changed since. */
export function caretToRestore(caret: Caret | null, valueNow: string): Caret | null {
  return caret && caret.value === valueNow ? caret : null;
}
