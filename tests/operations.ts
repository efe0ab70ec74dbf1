// GraphQL documents as clients send them: the reference storefront's operations and our own, #imports resolved.
const RALPH = import.meta.glob('./fixtures/ralph-operations/**/*.graphql', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;
const OWN = import.meta.glob('../worker/graphql/operations/*.graphql', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

/** The reference operation `file` (e.g. 'product/product.graphql') with its fragments. */
export function referenceOperation(file: string, seen = new Set<string>()): string {
  const text = RALPH[`./fixtures/ralph-operations/${file}`];
  if (text === undefined) throw new Error(`no reference operation ${file}`);
  let out = '';
  for (const [, imported] of text.matchAll(/^#import "(.+)"$/gm)) {
    if (!seen.has(imported!)) {
      seen.add(imported!);
      out += referenceOperation(imported!, seen) + '\n';
    }
  }
  return out + text;
}

/** One of the API's own operations (worker/graphql/operations/<name>), its #imports resolved the same way. */
export function ownOperation(name: string): string {
  const text = OWN[`../worker/graphql/operations/${name}`];
  if (text === undefined) throw new Error(`no operation ${name}`);
  const seen = new Set<string>();
  const imports = [...text.matchAll(/^#import "(.+)"$/gm)].map(([, file]) => referenceOperation(file!, seen));
  return [...imports, text].join('\n');
}

/** Every reference operation file that holds a query or mutation (not only fragments). */
export const REFERENCE_OPERATION_FILES = Object.keys(RALPH)
  .map((path) => path.replace('./fixtures/ralph-operations/', ''))
  .filter((file) => /^\s*(query|mutation)\b/m.test(RALPH[`./fixtures/ralph-operations/${file}`]!));
