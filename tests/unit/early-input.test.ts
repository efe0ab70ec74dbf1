import { describe, expect, test } from 'vitest';
import { caretToRestore, changeShown, earlyChangeOf, type ControlState } from '../../client/browser/early-input';

describe('what the shopper changed before an island woke', () => {
  test('text that differs from the server value is a change; the same text is none', () => {
    expect(changeShown({ kind: 'text', value: 'anna@example.se', defaultValue: '' })).toEqual({
      kind: 'text',
      value: 'anna@example.se',
    });
    expect(changeShown({ kind: 'text', value: 'Storgatan 1', defaultValue: 'Storgatan 1' })).toBeNull();
    // Text emptied by the shopper is a change too: the island must forget the server's value.
    expect(changeShown({ kind: 'text', value: '', defaultValue: 'Storgatan 1' })).toEqual({ kind: 'text', value: '' });
  });

  test('a box ticked or unticked against the server is a change', () => {
    expect(changeShown({ kind: 'check', checked: true, defaultChecked: false })).toEqual({
      kind: 'check',
      checked: true,
    });
    expect(changeShown({ kind: 'check', checked: false, defaultChecked: true })).toEqual({
      kind: 'check',
      checked: false,
    });
    expect(changeShown({ kind: 'check', checked: true, defaultChecked: true })).toBeNull();
  });

  test('another option picked is a change; the server option still picked is none', () => {
    const sort = (selected: boolean[]): ControlState => ({
      kind: 'choice',
      selected,
      defaultSelected: [true, false, false],
      multiple: false,
    });
    expect(changeShown(sort([false, true, false]))).toEqual({ kind: 'choice', selected: [false, true, false] });
    expect(changeShown(sort([true, false, false]))).toBeNull();
  });

  test('a select with no option marked by the server shows its first, which is no change', () => {
    const unmarked = (selected: boolean[]): ControlState => ({
      kind: 'choice',
      selected,
      defaultSelected: [false, false],
      multiple: false,
    });
    expect(changeShown(unmarked([true, false]))).toBeNull();
    expect(changeShown(unmarked([false, true]))).toEqual({ kind: 'choice', selected: [false, true] });
    // In a list of many choices, nothing marked means nothing picked.
    expect(
      changeShown({ kind: 'choice', defaultSelected: [false, false], multiple: true, selected: [true, false] }),
    ).toEqual({ kind: 'choice', selected: [true, false] });
  });

  test('what the field shows wins over what its input events left', () => {
    const shown = { kind: 'text', value: 'Lämna vid dörren', defaultValue: '' } as const;
    expect(earlyChangeOf(shown, { kind: 'text', value: 'Lämna' })).toEqual({ kind: 'text', value: 'Lämna vid dörren' });
  });

  test('text that hydration put back to the server value is given back as the shopper typed it', () => {
    const reset = { kind: 'text', value: 'Ring på', defaultValue: 'Ring på' } as const;
    expect(earlyChangeOf(reset, { kind: 'text', value: 'Ring på porten' })).toEqual({
      kind: 'text',
      value: 'Ring på porten',
    });
    // The shopper brought it back to the server's text themselves: nothing to give back.
    expect(earlyChangeOf(reset, null)).toBeNull();
    expect(earlyChangeOf(reset)).toBeNull();
  });

  test('the caret goes back where it was while the text is the same, and nowhere once it changed', () => {
    const caret = { value: '0701234567', start: 3, end: 5, direction: 'forward' } as const;
    expect(caretToRestore(caret, '0701234567')).toEqual({
      value: '0701234567',
      start: 3,
      end: 5,
      direction: 'forward',
    });
    expect(caretToRestore(caret, '07012345678')).toBeNull();
    expect(caretToRestore(null, '0701234567')).toBeNull();
  });
});
