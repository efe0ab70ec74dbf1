// A fix to @cloudflare/vitest-pool-workers 0.23, applied to its installed file before the pool starts.
//
// Its wrapper for the worker's entrypoints wraps the wrapper class's prototype in one more Proxy every time
// the class is constructed, and workerd constructs it for every request a test sends (`exports.default`):
// after n requests each property read goes through n proxies. A worker of the integration project sends
// some thousand requests, so every request took longer than the one before: the same test file took 0.3 s
// as a worker's first and 1.1 s as its sixteenth, and 480 requests in a row went from 3 to 65 ms each.
// Fewer workers then meant slower runs, and the project needed four (each loading the worker's modules).
//
// Upstream fixed it by installing the proxy once (the package's successor, @cloudflare/vitest-plugin 1.x,
// src/worker/proxy-prototype.ts), which needs Node 22 and Miniflare 5; this machine has Node 20. The same
// change is made here, once per install: the text replaced is the whole function, so a release that
// changed it (fixed, or rewritten) is left alone.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const NESTING = `function createProxyPrototypeClass(superClass, getUnknownPrototypeKey) {
\tfunction Class(...args) {
\t\tClass.prototype = new Proxy(Class.prototype, { get(target, key, receiver) {
\t\t\tconst value = Reflect.get(target, key, receiver);
\t\t\tif (value !== void 0) return value;
\t\t\tif (typeof key === "symbol" || IGNORED_KEYS.includes(key)) return;
\t\t\treturn getUnknownPrototypeKey.call(receiver, key);
\t\t} });
\t\treturn Reflect.construct(superClass, args, Class);
\t}`;

const ONCE = `function createProxyPrototypeClass(superClass, getUnknownPrototypeKey) {
\tlet proxyInstalled = false;
\tfunction Class(...args) {
\t\tif (!proxyInstalled) {
\t\t\tClass.prototype = new Proxy(Class.prototype, { get(target, key, receiver) {
\t\t\t\tconst value = Reflect.get(target, key, receiver);
\t\t\t\tif (value !== void 0) return value;
\t\t\t\tif (typeof key === "symbol" || IGNORED_KEYS.includes(key)) return;
\t\t\t\treturn getUnknownPrototypeKey.call(receiver, key);
\t\t\t} });
\t\t\tproxyInstalled = true;
\t\t}
\t\treturn Reflect.construct(superClass, args, Class);
\t}`;

export function installPoolProxyFix(): void {
  // The package's entry is dist/pool/index.mjs; the file the pool hands workerd is beside it.
  const entry = import.meta.resolve('@cloudflare/vitest-pool-workers');
  const file = fileURLToPath(new URL('../worker/lib/cloudflare/test-internal.mjs', entry));
  const source = readFileSync(file, 'utf8');
  if (source.includes(NESTING)) writeFileSync(file, source.replace(NESTING, ONCE));
}
