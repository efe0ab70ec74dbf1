import { describe, expect, it } from 'vitest';
import { Lru } from '../../core/lru';

describe('Lru, what an isolate remembers', () => {
  it('drops the least recently used entry past its count', () => {
    const lru = new Lru<string>(2);
    lru.set('a', 'A');
    lru.set('b', 'B');
    expect(lru.get('a')).toBe('A'); // a is now the most recent
    lru.set('c', 'C');
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe('A');
    expect(lru.get('c')).toBe('C');
  });

  it('counts each entry by its size, and a replaced entry only once', () => {
    const lru = new Lru<string>(10, (text) => text.length);
    lru.set('first', '12345');
    lru.set('first', '1234');
    lru.set('second', '123456');
    expect(lru.get('first')).toBe('1234');
    lru.set('third', '12');
    expect(lru.get('second')).toBeUndefined();
    expect(lru.get('first')).toBe('1234');
    expect(lru.get('third')).toBe('12');
  });
});
