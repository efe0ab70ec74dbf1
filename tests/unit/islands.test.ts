import { describe, expect, test } from 'vitest';
import { serializeProps } from '../../client/views/components/Island';
import { countItems } from '../../client/browser/cart-count';

describe('island props', () => {
  test('serialized props cannot close their script element', () => {
    const json = serializeProps({ name: '</script><script>alert(1)</script>' });
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>' });
  });

  test('characters beyond Latin-1 are written as JSON escapes and read back the same', () => {
    const props = { loading: 'Hämtar produkter…', showAll: 'Visa alla för ”{{term}}”', emoji: 'Penna ✏️ 😀' };
    const json = serializeProps(props);
    expect(json).toBe(
      '{"loading":"Hämtar produkter\\u2026","showAll":"Visa alla för \\u201d{{term}}\\u201d",' +
        '"emoji":"Penna \\u270f\\ufe0f \\ud83d\\ude00"}',
    );
    expect(JSON.parse(json)).toEqual(props);
  });

  test('the cart counter counts units and ignores malformed items', () => {
    expect(countItems({ items: [{ quantity: 2 }, { quantity: 1 }] })).toBe(3);
    expect(countItems({ items: [{ quantity: -4 }, { quantity: 'x' }, {}] })).toBe(0);
    expect(countItems(null)).toBe(0);
  });
});
