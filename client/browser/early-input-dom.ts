/**
 * The page's side of client/browser/early-input.ts: follows an island's controls while React hydrates it,
 * notes at the hydration commit what the shopper changed in them, and gives it back to the island.
 */
import {
  caretToRestore,
  changeShown,
  earlyChangeOf,
  type Caret,
  type ControlState,
  type EarlyChange,
} from './early-input';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
/** A control across a new render: its id, else its name (and value, for one box of a group). */
type ControlKey = string | Control;

/** What the shopper changed in an island at the hydration commit, and where the focus and caret were. */
export interface EarlyInput {
  changes: [Control, EarlyChange][];
  focused: HTMLElement | null;
  caret: Caret | null;
}

/** Inputs that hold no text of the shopper's. */
const NOT_TEXT = new Set(['hidden', 'submit', 'button', 'reset', 'image', 'file']);

const isControl = (target: EventTarget | null): target is Control =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
const isCheckable = (control: Control): control is HTMLInputElement =>
  control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio');

function controlsOf(root: HTMLElement): Control[] {
  const controls: Control[] = [];
  for (const element of root.querySelectorAll('input, textarea, select'))
    if (isControl(element)) controls.push(element);
  return controls;
}

function stateOf(control: Control): ControlState | null {
  if (control.disabled) return null;
  if (control instanceof HTMLSelectElement) {
    const options = Array.from(control.options);
    return {
      kind: 'choice',
      selected: options.map((option) => option.selected),
      defaultSelected: options.map((option) => option.defaultSelected),
      multiple: control.multiple,
    };
  }
  if (isCheckable(control)) return { kind: 'check', checked: control.checked, defaultChecked: control.defaultChecked };
  if (control.readOnly || (control instanceof HTMLInputElement && NOT_TEXT.has(control.type))) return null;
  return { kind: 'text', value: control.value, defaultValue: control.defaultValue };
}

function keyOf(control: Control): ControlKey {
  if (control.id) return `#${control.id}`;
  if (!control.name) return control;
  return isCheckable(control) ? `${control.name}=${control.value}` : control.name;
}

/**
 * Follows what the shopper's own input events leave in `island`'s controls, from now (before hydrateRoot)
 * until the returned function is called (at the hydration commit), which answers it by control.
 */
export function followEarlyInput(island: HTMLElement): () => Map<ControlKey, EarlyChange | null> {
  const followed = new Map<ControlKey, EarlyChange | null>();
  const note = (control: Control) => {
    const state = stateOf(control);
    if (state) followed.set(keyOf(control), changeShown(state));
  };
  for (const control of controlsOf(island)) {
    const state = stateOf(control);
    if (state && changeShown(state)) note(control);
  }
  const onInput = (event: Event) => {
    const control = event.target;
    if (!isControl(control)) return;
    // A radio checked unchecks the others of its group, which send no event of their own.
    if (control instanceof HTMLInputElement && control.type === 'radio' && control.name)
      for (const radio of controlsOf(island)) if (radio.name === control.name && isCheckable(radio)) note(radio);
    note(control);
  };
  island.addEventListener('input', onInput, true);
  island.addEventListener('change', onInput, true);
  return () => {
    island.removeEventListener('input', onInput, true);
    island.removeEventListener('change', onInput, true);
    return followed;
  };
}

function caretOf(element: HTMLElement): Caret | null {
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) return null;
  // An e-mail or number field has no selection to read (null).
  const { selectionStart: start, selectionEnd: end, selectionDirection } = element;
  if (start === null || end === null) return null;
  return { value: element.value, start, end, direction: selectionDirection ?? 'none' };
}

/** Notes, at the hydration commit, what the shopper changed in `island` and where the focus and caret are. */
export function noteEarlyInput(island: HTMLElement, followed: Map<ControlKey, EarlyChange | null>): EarlyInput {
  const changes: [Control, EarlyChange][] = [];
  for (const control of controlsOf(island)) {
    const state = stateOf(control);
    const change = state && earlyChangeOf(state, followed.get(keyOf(control)));
    if (change) changes.push([control, change]);
  }
  const active = document.activeElement;
  const focused = active instanceof HTMLElement && island.contains(active) ? active : null;
  return { changes, focused, caret: focused && caretOf(focused) };
}

/** Tells the island of one change as the shopper's own input would: its onChange sees it. */
function announce(control: Control, change: EarlyChange): void {
  if (change.kind === 'text' && !(control instanceof HTMLSelectElement)) {
    // React rendered this very text already (its last render sets defaultValue): nothing to tell.
    if (control.defaultValue === change.value && control.value === change.value) return;
    const prototype =
      control instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    // Through the element (where React's value tracker sits) the value React rendered, then past it the
    // shopper's: the input event then reads as a change.
    control.value = control.defaultValue;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(control, change.value);
    control.dispatchEvent(new Event('input', { bubbles: true }));
  } else if (change.kind === 'check' && control instanceof HTMLInputElement) {
    // A radio unchecked is told by the one of its group that was checked.
    if (control.type === 'radio' && !change.checked) return;
    // React hears a box change by its click: the tracker is told the other state, the click brings it back.
    control.checked = !change.checked;
    control.click();
  } else if (change.kind === 'choice' && control instanceof HTMLSelectElement) {
    Array.from(control.options).forEach((option, index) => (option.selected = change.selected[index] ?? false));
    control.dispatchEvent(new Event('change', { bubbles: true }));
  }
}

/** Gives `early` back to the hydrated island, then the focus and caret to where the shopper left them. */
export function giveBackEarlyInput(early: EarlyInput): void {
  for (const [control, change] of early.changes) if (control.isConnected) announce(control, change);
  const { focused } = early;
  if (!focused?.isConnected) return;
  const active = document.activeElement;
  if (active !== focused && (active === null || active === document.body)) focused.focus({ preventScroll: true });
  if (document.activeElement !== focused) return;
  const caret = caretToRestore(early.caret, (focused as HTMLInputElement).value);
  if (caret) (focused as HTMLInputElement).setSelectionRange(caret.start, caret.end, caret.direction);
}
