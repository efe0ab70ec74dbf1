/**
 * A map that keeps at most `max` of size (each entry's `sizeOf`, 1 by default), dropping the least recently
 * used first: what an isolate remembers of pages, cache entries and digests. A Map keeps insertion order,
 * so a read moves its entry to the end and the first entry is always the oldest.
 */
export class Lru<V> {
  private readonly entries = new Map<string, V>();
  private size = 0;

  constructor(
    private readonly max: number,
    private readonly sizeOf: (value: V) => number = () => 1,
  ) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.size -= this.sizeOf(old);
      this.entries.delete(key);
    }
    this.entries.set(key, value);
    this.size += this.sizeOf(value);
    while (this.size > this.max && this.entries.size > 0) {
      const [oldestKey, oldest] = this.entries.entries().next().value!;
      this.entries.delete(oldestKey);
      this.size -= this.sizeOf(oldest);
    }
  }
}
