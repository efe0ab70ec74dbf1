/**
 * The in-process executor of the built-in commerce API: plain graphql-js over the schema of
 * `schema.ts`, with parsed and validated documents remembered per isolate (a storefront sends the same
 * few operations over and over).
 */
import {
  buildSchema,
  execute,
  GraphQLError,
  GraphQLObjectType,
  parse,
  validate,
  type DocumentNode,
  type ExecutionResult,
} from 'graphql';
import { TYPE_DEFS } from './schema.generated';
import type { GraphQLContext } from './context';
import { RESOLVERS } from './resolvers';

/**
 * Builds the schema and attaches resolvers. A resolver for a field the schema lacks, or a root field
 * without a resolver, is a start-up error: every operation the schema offers is implemented.
 */
function buildExecutableSchema() {
  const schema = buildSchema(TYPE_DEFS);
  for (const root of [schema.getQueryType(), schema.getMutationType()]) {
    for (const field of Object.values(root?.getFields() ?? {})) {
      if (!RESOLVERS[root!.name]?.[field.name]) throw new Error(`No resolver for ${root!.name}.${field.name}`);
    }
  }
  for (const [typeName, fields] of Object.entries(RESOLVERS)) {
    const type = schema.getType(typeName);
    if (!(type instanceof GraphQLObjectType)) throw new Error(`Resolvers for unknown type ${typeName}`);
    const schemaFields = type.getFields();
    for (const [fieldName, resolve] of Object.entries(fields)) {
      const field = schemaFields[fieldName];
      if (!field) throw new Error(`Resolver for unknown field ${typeName}.${fieldName}`);
      field.resolve = resolve;
    }
  }
  return schema;
}

export const schema = buildExecutableSchema();

const MAX_DOCUMENTS = 500;
const documents = new Map<string, { document: DocumentNode } | { errors: readonly GraphQLError[] }>();

function prepare(query: string) {
  let prepared = documents.get(query);
  if (!prepared) {
    try {
      const document = parse(query, { maxTokens: 5000 });
      const errors = validate(schema, document);
      prepared = errors.length ? { errors } : { document };
    } catch (error) {
      prepared = { errors: [error instanceof GraphQLError ? error : new GraphQLError(String(error))] };
    }
    if (documents.size >= MAX_DOCUMENTS) documents.delete(documents.keys().next().value as string);
    documents.set(query, prepared);
  }
  return prepared;
}

export interface GraphQLRequest {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

/** Runs one operation. Errors in the document come back as `errors` without executing anything. */
export async function executeOperation(request: GraphQLRequest, context: GraphQLContext): Promise<ExecutionResult> {
  const prepared = prepare(request.query);
  if ('errors' in prepared) return { errors: prepared.errors };
  return execute({
    schema,
    document: prepared.document,
    variableValues: request.variables ?? undefined,
    operationName: request.operationName ?? undefined,
    contextValue: context,
  });
}
