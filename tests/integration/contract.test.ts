import { buildSchema, GraphQLInputObjectType, GraphQLObjectType, GraphQLEnumType, parse, validate } from 'graphql';
import { describe, expect, test } from 'vitest';
import { schema } from '../../worker/graphql/executor';
import geinsSdl from '../fixtures/geins-merchant-api.graphql?raw';
import { ownOperation, REFERENCE_OPERATION_FILES, referenceOperation } from '../operations';

const SUPPORTED = import.meta.glob('../../worker/graphql/operations/*.ops.json', {
  import: 'supported',
  eager: true,
}) as Record<string, string[]>;
const OWN_FILES = Object.keys(import.meta.glob('../../worker/graphql/operations/*.graphql')).map((path) =>
  path.replace('../../worker/graphql/operations/', ''),
);

const geins = buildSchema(geinsSdl);
const supported = Object.values(SUPPORTED).flat();

describe('compatibility with the Geins Merchant API and its storefront', () => {
  test.each(supported)('the reference operation %s validates against our schema', (file) => {
    expect(validate(schema, parse(referenceOperation(file))).map((e) => e.message)).toEqual([]);
  });

  test.each(OWN_FILES)('our operation %s validates against the Geins schema too', (file) => {
    expect(validate(geins, parse(ownOperation(file))).map((e) => e.message)).toEqual([]);
  });

  test('every type, field, argument and enum value of ours exists in the Geins schema with the same type', () => {
    const problems: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (type.name.startsWith('__')) continue;
      const theirs = geins.getType(type.name);
      if (!theirs) {
        if (!['String', 'Int', 'Float', 'Boolean', 'ID'].includes(type.name)) problems.push(`type ${type.name}`);
        continue;
      }
      if (type instanceof GraphQLObjectType || type instanceof GraphQLInputObjectType) {
        const theirFields = (theirs as GraphQLObjectType).getFields();
        for (const field of Object.values(type.getFields())) {
          const their = theirFields[field.name];
          if (!their || String(their.type) !== String(field.type))
            problems.push(`${type.name}.${field.name}: ${field.type}`);
          for (const arg of 'args' in field ? field.args : []) {
            const theirArg = (
              their as unknown as { args?: readonly { name: string; type: unknown }[] } | undefined
            )?.args?.find((a) => a.name === arg.name);
            if (!theirArg || String(theirArg.type) !== String(arg.type))
              problems.push(`${type.name}.${field.name}(${arg.name})`);
          }
        }
      }
      if (type instanceof GraphQLEnumType) {
        const values = new Set((theirs as GraphQLEnumType).getValues().map((v) => v.name));
        for (const value of type.getValues()) if (!values.has(value.name)) problems.push(`${type.name}.${value.name}`);
      }
    }
    expect(problems).toEqual([]);
  });

  test('every operation the reference storefront sends is supported, each listed once', () => {
    expect([...supported].sort()).toEqual([...REFERENCE_OPERATION_FILES].sort());
    expect(new Set(supported).size).toBe(supported.length);
  });
});
