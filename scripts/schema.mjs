#!/usr/bin/env node
// npm run schema [-- --check]
// Generates worker/graphql/schema.generated.ts: the subset of the Geins Merchant API schema
// (tests/fixtures/geins-merchant-api.graphql) that is used by
//   - the reference storefront operations listed in worker/graphql/operations/<domain>.ops.json,
//   - the API's own operations in worker/graphql/operations/*.graphql,
//   - every /* GraphQL */ document in worker/, core/ and client/ source.
// A used field keeps all its arguments; input types and enums reachable from them are kept whole, so the
// subset is compatible with the original by construction. --check fails when the file is out of date.
import { readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  Kind,
  parse,
  print,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  buildASTSchema,
  validate,
  introspectionFromSchema,
} from 'graphql';
import { minifyIntrospection, outputIntrospectionFile } from '@gql.tada/internal';

const GEINS = 'tests/fixtures/geins-merchant-api.graphql';
const RALPH = 'tests/fixtures/ralph-operations';
const OWN = 'worker/graphql/operations';
const OUT = 'worker/graphql/schema.generated.ts';
const TYPES_OUT = 'core/graphql/graphql-env.d.ts';

/** A document with its #import lines resolved (each fragment file once), as Ralph's loader does. */
export function loadOperation(path, seen = new Set()) {
  const text = readFileSync(path, 'utf8');
  let out = '';
  for (const match of text.matchAll(/^#import "(.+)"$/gm)) {
    const target = [join(RALPH, match[1]), join(OWN, match[1])].find(existsSync);
    if (!target) throw new Error(`${path}: cannot resolve #import "${match[1]}"`);
    if (seen.has(target)) continue;
    seen.add(target);
    out += loadOperation(target, seen) + '\n';
  }
  return out + text;
}

function files(dir, test) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path, test) : test(path) ? [path] : [];
  });
}

// Every GraphQL-comment-tagged document in worker/, core/ and client/ sources: `graphql(/* GraphQL */ `…`)`
// of core/graphql/tada.ts, or a plain tagged string. A document's fragment spreads (`...ProductCard`) are
// resolved with the fragment definitions found in any source, as gql.tada joins them at run time. A
// document may still interpolate a selection kept in a constant tagged with the "GraphQL fields" comment
// (`${NAME}`), which is substituted here as it is in the running code.
function sourceDocuments() {
  const texts = [
    ...files('worker', (p) => /\.tsx?$/.test(p)),
    ...files('core', (p) => /\.tsx?$/.test(p) && !p.endsWith('.d.ts')),
    ...files('client', (p) => /\.tsx?$/.test(p)),
  ]
    .filter((path) => path !== OUT)
    .map((path) => ({ path, text: readFileSync(path, 'utf8') }));
  const selections = new Map();
  for (const { text } of texts) {
    for (const match of text.matchAll(/const (\w+) = \/\* GraphQL fields \*\/ `([^`]*)`/g))
      selections.set(match[1], match[2]);
  }
  const expand = (text, path) =>
    text.replace(/\$\{(\w+)\}/g, (_, name) => {
      if (!selections.has(name)) throw new Error(`${path}: \${${name}} is not a GraphQL fields constant`);
      return expand(selections.get(name), path);
    });
  const tagged = [];
  for (const { path, text } of texts) {
    for (const match of text.matchAll(/\/\* GraphQL \*\/ `([^`]*)`/g))
      tagged.push({ name: path, text: expand(match[1], path) });
  }
  const fragments = new Map();
  for (const { text } of tagged) {
    for (const match of text.matchAll(/fragment (\w+) on \w+/g)) fragments.set(match[1], text);
  }
  const withFragments = (text) => {
    const included = new Set();
    let out = text;
    const pending = [...text.matchAll(/\.\.\.(?!\s*on\b)\s*(\w+)/g)].map((m) => m[1]);
    while (pending.length) {
      const name = pending.shift();
      if (included.has(name) || new RegExp(`fragment ${name} on`).test(text)) continue;
      const definition = fragments.get(name);
      if (!definition) continue; // graphql-js validation names the unknown fragment
      included.add(name);
      out += '\n' + definition;
      pending.push(...[...definition.matchAll(/\.\.\.(?!\s*on\b)\s*(\w+)/g)].map((m) => m[1]));
    }
    return out;
  };
  return tagged
    .filter(({ text }) => !/^\s*fragment\b/.test(text))
    .map(({ name, text }) => ({ name, text: withFragments(text) }));
}

export function operationDocuments() {
  const supported = files(OWN, (p) => p.endsWith('.ops.json')).flatMap(
    (p) => JSON.parse(readFileSync(p, 'utf8')).supported,
  );
  const ralph = supported.map((file) => ({ name: `ralph:${file}`, text: loadOperation(join(RALPH, file)) }));
  const own = files(OWN, (p) => p.endsWith('.graphql')).map((path) => ({ name: path, text: loadOperation(path) }));
  return [...ralph, ...own, ...sourceDocuments()];
}

function generate() {
  const geinsAst = parse(readFileSync(GEINS, 'utf8'));
  const geins = buildASTSchema(geinsAst);
  const usedFields = new Map(); // type name -> Set of field names
  const use = (type, field) => {
    if (!usedFields.has(type)) usedFields.set(type, new Set());
    usedFields.get(type).add(field);
  };
  for (const { name, text } of operationDocuments()) {
    const document = parse(text);
    const errors = validate(geins, document);
    if (errors.length) throw new Error(`${name} does not validate against the Geins schema: ${errors[0].message}`);
    const typeInfo = new TypeInfo(geins);
    visit(
      document,
      visitWithTypeInfo(typeInfo, {
        Field() {
          const parent = typeInfo.getParentType();
          if (parent && !typeInfo.getFieldDef()?.name.startsWith('__')) use(parent.name, typeInfo.getFieldDef().name);
        },
      }),
    );
  }

  // Keep every used field; walk argument and field types for the other definitions to keep.
  const keep = new Set();
  const definitions = new Map(geinsAst.definitions.filter((d) => d.name).map((d) => [d.name.value, d]));
  const queue = [];
  const reach = (typeNode) => {
    let node = typeNode;
    while (node.kind !== Kind.NAMED_TYPE) node = node.type;
    const name = node.name.value;
    if (!keep.has(name)) {
      keep.add(name);
      queue.push(name);
    }
  };
  const schemaDef = geinsAst.definitions.find((d) => d.kind === Kind.SCHEMA_DEFINITION);
  const roots = schemaDef.operationTypes.map((t) => t.type.name.value).filter((name) => usedFields.has(name));
  roots.forEach((name) => reach({ kind: Kind.NAMED_TYPE, name: { value: name } }));
  while (queue.length) {
    const def = definitions.get(queue.shift());
    if (!def) continue; // built-in scalar
    if (def.kind === Kind.OBJECT_TYPE_DEFINITION) {
      for (const field of def.fields.filter((f) => usedFields.get(def.name.value)?.has(f.name.value))) {
        reach(field.type);
        field.arguments?.forEach((arg) => reach(arg.type));
      }
    } else if (def.kind === Kind.INPUT_OBJECT_TYPE_DEFINITION) {
      def.fields.forEach((field) => reach(field.type));
    }
  }

  const subset = {
    kind: Kind.DOCUMENT,
    definitions: [
      { ...schemaDef, operationTypes: schemaDef.operationTypes.filter((t) => keep.has(t.type.name.value)) },
      ...geinsAst.definitions
        .filter((d) => d.name && keep.has(d.name.value))
        .map((d) =>
          d.kind === Kind.OBJECT_TYPE_DEFINITION
            ? { ...d, fields: d.fields.filter((f) => usedFields.get(d.name.value)?.has(f.name.value)) }
            : d,
        ),
    ],
  };
  const sdl = print(subset);
  // The subset must itself be a valid schema that every operation validates against.
  const ours = buildASTSchema(parse(sdl));
  for (const { name, text } of operationDocuments()) {
    const errors = validate(ours, parse(text));
    if (errors.length) throw new Error(`${name} does not validate against the subset: ${errors[0].message}`);
  }
  const schemaFile =
    '// Generated by scripts/schema.mjs (npm run schema) from tests/fixtures/geins-merchant-api.graphql:\n' +
    '// the subset used by the supported reference operations and our own. Do not edit.\n' +
    `export const TYPE_DEFS = ${JSON.stringify(sdl)};\n`;
  // The same schema as gql.tada's types (core/graphql/tada.ts): documents in source are typed from it.
  const typesFile = outputIntrospectionFile(minifyIntrospection(introspectionFromSchema(ours)), {
    fileType: '.d.ts',
    shouldPreprocess: true,
    preamble:
      '/* eslint-disable */\n// Generated by scripts/schema.mjs (npm run schema): the served schema as gql.tada types. Do not edit.\n',
  });
  return { [OUT]: schemaFile, [TYPES_OUT]: typesFile };
}

const outputs = generate();
if (process.argv.includes('--check')) {
  const stale = Object.entries(outputs).filter(
    ([file, text]) => !existsSync(file) || readFileSync(file, 'utf8') !== text,
  );
  if (stale.length) {
    console.error(`${stale.map(([file]) => relative('.', file)).join(', ')} out of date: run npm run schema`);
    process.exit(1);
  }
  console.log(`${Object.keys(outputs).join(' and ')} up to date`);
} else {
  for (const [file, text] of Object.entries(outputs)) writeFileSync(file, text);
  console.log(`wrote ${Object.keys(outputs).join(' and ')}`);
}
