/**
 * The in-process executor of the built-in commerce API: plain graphql-js over the schema of
 * `schema.ts`, with parsed and validated documents remembered per isolate (a storefront sends the same
 * few operations over and over). Validation includes the abuse limits of limits.ts, so an abusive
 * document is refused before any resolver runs.
 */
import {
  buildSchema,
  execute,
  getOperationAST,
  GraphQLError,
  GraphQLObjectType,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionResult,
  type OperationDefinitionNode,
} from 'graphql';
import { TYPE_DEFS } from './schema.generated';
import type { GraphQLContext } from './context';
import { RESOLVERS } from './resolvers';
import { costLimitError, LIMITS, limitRules } from './limits';

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
/** Parsed documents with their validation errors (none: valid), per document text and option set. */
const documents = new Map<string, { document?: DocumentNode; errors: readonly GraphQLError[] }>();

export interface PrepareOptions {
  /** Whether `__schema` and `__type` may be queried (config.graphqlIntrospection; off in production). */
  introspection: boolean;
  /** Refuse mutations with 405 (GraphQL over GET), before validation says anything else. */
  queriesOnly?: boolean;
}

/** Parses and validates a document once per isolate and option set; later calls reuse the outcome. */
function prepareDocument(query: string, introspection: boolean) {
  const key = (introspection ? 'introspection:' : 'plain:') + query;
  let prepared = documents.get(key);
  if (!prepared) {
    try {
      const document = parse(query, { maxTokens: LIMITS.maxTokens });
      prepared = {
        document,
        errors: validate(schema, document, [...specifiedRules, ...limitRules({ introspection })]),
      };
    } catch (error) {
      prepared = { errors: [error instanceof GraphQLError ? error : new GraphQLError(String(error))] };
    }
    if (documents.size >= MAX_DOCUMENTS) documents.delete(documents.keys().next().value as string);
    documents.set(key, prepared);
  }
  return prepared;
}

export interface GraphQLRequest {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

/** A request whose document validated and whose operation is within the limits: ready to execute. */
export interface PreparedOperation {
  request: GraphQLRequest;
  document: DocumentNode;
  operation: OperationDefinitionNode;
}

/** Why a request cannot execute, with the HTTP status to answer. */
export interface RefusedOperation {
  errors: readonly GraphQLError[];
  status: 400 | 405;
}

/**
 * Everything that happens before execution: parse, validate (limits included), pick the operation and
 * check its cost with the request's variables. A refusal comes back without anything having executed.
 */
export function prepareOperation(
  request: GraphQLRequest,
  options: PrepareOptions,
): PreparedOperation | RefusedOperation {
  const { document, errors } = prepareDocument(request.query, options.introspection);
  if (!document) return { errors, status: 400 };
  const operation = getOperationAST(document, request.operationName);
  if (operation && options.queriesOnly && operation.operation !== 'query') {
    return {
      errors: [new GraphQLError('Mutations must be sent with POST', { extensions: { code: 'BAD_REQUEST' } })],
      status: 405,
    };
  }
  if (errors.length) return { errors, status: 400 };
  if (!operation) {
    const message = request.operationName
      ? `Unknown operation named "${request.operationName}".`
      : 'Must provide operation name if query contains multiple operations.';
    return { errors: [new GraphQLError(message, { extensions: { code: 'BAD_REQUEST' } })], status: 400 };
  }
  const tooCostly = costLimitError(schema, document, operation, request.variables ?? {});
  if (tooCostly) return { errors: [tooCostly], status: 400 };
  return { request, document, operation };
}

/** Executes a prepared operation with the resolvers. */
export async function executePrepared(prepared: PreparedOperation, context: GraphQLContext): Promise<ExecutionResult> {
  return execute({
    schema,
    document: prepared.document,
    variableValues: prepared.request.variables ?? undefined,
    operationName: prepared.operation.name?.value,
    contextValue: context,
  });
}
