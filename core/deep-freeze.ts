/**
 * Values an isolate shares between requests (a kept API answer, the menus' links built from it) are frozen
 * throughout: a page that changed one in place would change it for the next shopper, so it throws instead.
 */

const deeplyFrozen = new WeakSet<object>();

/** `value` frozen, and everything in it. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !deeplyFrozen.has(value)) {
    freezeAll(value);
    deeplyFrozen.add(value);
  }
  return value;
}

function freezeAll(value: object): void {
  Object.freeze(value);
  for (const item of Object.values(value)) {
    if (item !== null && typeof item === 'object' && !deeplyFrozen.has(item)) freezeAll(item as object);
  }
}

/** Whether `value` came out of `deepFreeze`: then nothing in it can change. */
export function isDeeplyFrozen(value: object): boolean {
  return deeplyFrozen.has(value);
}
