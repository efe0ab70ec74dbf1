/**
 * Abuse limits of the built-in API (issue 3, "Protocol and limits"): documents that are too deep, use
 * too many aliases or directives, or would cost too much are refused before any resolver runs, with a
 * GraphQL error naming the limit (HTTP 400). Introspection is refused unless the configuration allows it.
 *
 * Depth, aliases and directives depend on the document only: they are graphql-armor's validation rules
 * (@escape.tech/graphql-armor-max-depth, -max-aliases, -max-directives), run once per document and
 * remembered with it (executor.ts), each refusal tagged with our error code. Tokens are graphql-js's own
 * parse limit (`maxTokens`). Cost depends on the variables (`take: $take`), so it is computed per request
 * by our own model below: graphql-armor's cost-limit counts a list field once whatever its page size,
 * which would let `products(take: 200)` cost as little as `take: 1`. Walking a storefront document takes
 * microseconds.
 *
 * Cost model: every field costs 1. A list field costs 1 plus its items' selection times the page size:
 * the field's own `take`, else the `take` of the paging field it sits in (`products(take: 48) { products
 * { … } }`), else DEFAULT_LIST_SIZE. A paging field (one with a `take` argument) without `take` counts
 * DEFAULT_PAGE_SIZE, the resolvers' default. A list of scalars costs 1.
 */
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import {
  GraphQLError,
  getNamedType,
  getNullableType,
  isListType,
  isObjectType,
  isInterfaceType,
  Kind,
  NoSchemaIntrospectionCustomRule,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
  type ValueNode,
} from 'graphql';

/** The limits, sized from the reference storefront's operations with room to spare (see protocol tests). */
export const LIMITS = {
  /** Lexical tokens of one document (graphql-js `parse` maxTokens). */
  maxTokens: 5000,
  /** Nested field levels: `{ a { b } }` is 2. The reference storefront's deepest operations have 7. */
  maxDepth: 12,
  /** Aliased fields per operation, fragments expanded (the reference storefront uses none). */
  maxAliases: 15,
  /** Directive uses per operation, fragments expanded (the reference storefront uses none). */
  maxDirectives: 20,
  /**
   * Cost per request (model above). The reference storefront's product list costs 4 563 at 48 products
   * and 19 003 at the API's maximum take of 200; its product page 4 153; its order history 4 961.
   */
  maxCost: 30_000,
} as const;

/** `take` of a paging field when the operation gives none: the products and reviews resolvers' default. */
export const DEFAULT_PAGE_SIZE = 20;
/**
 * Assumed length of a list that no `take` bounds (images, skus, facets, variants…). Nested lists multiply,
 * so this stays small: the product page nests variants three lists deep.
 */
export const DEFAULT_LIST_SIZE = 5;

export type LimitCode =
  'DEPTH_LIMIT_EXCEEDED' | 'ALIAS_LIMIT_EXCEEDED' | 'DIRECTIVE_LIMIT_EXCEEDED' | 'COST_LIMIT_EXCEEDED';

function limitError(code: LimitCode, message: string, node?: OperationDefinitionNode): GraphQLError {
  return new GraphQLError(message, { nodes: node ? [node] : undefined, extensions: { code } });
}

/**
 * A graphql-armor refusal as the API reports it: the library's words (without the "Syntax Error: " it puts
 * in front of every limit) and our error code, so clients tell the limits apart by `extensions.code`.
 */
function reportAs(code: LimitCode) {
  return (context: ValidationContext | null, error: GraphQLError) => {
    context?.reportError(
      new GraphQLError(error.message.replace(/^Syntax Error: /, ''), { nodes: error.nodes, extensions: { code } }),
    );
  };
}

/**
 * Depth (fragments flattened: a spread adds no level, as `{ a { b } }` is 2 however it is written), aliases
 * and directives (fragments expanded), checked by graphql-armor. Introspection's own nesting follows the
 * schema, not the client (graphql-js's standard introspection query is 15 deep), so depth ignores it; it
 * is refused outright unless the configuration allows introspection.
 */
const SHAPE_RULES: ValidationRule[] = [
  maxDepthRule({
    n: LIMITS.maxDepth,
    flattenFragments: true,
    ignoreIntrospection: true,
    propagateOnRejection: false,
    onReject: [reportAs('DEPTH_LIMIT_EXCEEDED')],
  }),
  maxAliasesRule({
    n: LIMITS.maxAliases,
    propagateOnRejection: false,
    onReject: [reportAs('ALIAS_LIMIT_EXCEEDED')],
  }),
  maxDirectivesRule({
    n: LIMITS.maxDirectives,
    propagateOnRejection: false,
    onReject: [reportAs('DIRECTIVE_LIMIT_EXCEEDED')],
  }),
];

/** The validation rules added to graphql-js's own: the shape limits, and no introspection unless allowed. */
export function limitRules(options: { introspection: boolean }): ValidationRule[] {
  return options.introspection ? SHAPE_RULES : [...SHAPE_RULES, NoSchemaIntrospectionCustomRule];
}

function takeArgument(
  args: readonly { name: { value: string }; value: ValueNode }[] | undefined,
  variables: Record<string, unknown>,
) {
  const take = args?.find((arg) => arg.name.value === 'take')?.value;
  if (take?.kind === Kind.INT) return Number(take.value);
  if (take?.kind === Kind.VARIABLE) {
    const value = variables[take.name.value];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return undefined;
}

/**
 * The cost of an operation under the model of this file's header, with its variables. The document must
 * have passed validation (fields exist, fragments are acyclic).
 */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const costOf = (
    selectionSet: SelectionSetNode,
    parent: GraphQLNamedType | undefined,
    pageSize: number | undefined,
  ): number => {
    let cost = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
        cost += costOf(selection.selectionSet, type ?? undefined, pageSize);
      } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments.get(selection.name.value);
        if (fragment)
          cost += costOf(
            fragment.selectionSet,
            schema.getType(fragment.typeCondition.name.value) ?? undefined,
            pageSize,
          );
      } else {
        const field =
          isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[selection.name.value] : undefined;
        cost += 1;
        if (!field || !selection.selectionSet) continue;
        const pages = field.args.some((arg) => arg.name === 'take');
        const ownPageSize = pages ? (takeArgument(selection.arguments, variables) ?? DEFAULT_PAGE_SIZE) : undefined;
        const isList = isListType(getNullableType(field.type));
        const items = costOf(
          selection.selectionSet,
          getNamedType(field.type),
          isList ? undefined : (ownPageSize ?? pageSize),
        );
        cost += isList ? items * Math.max(0, ownPageSize ?? pageSize ?? DEFAULT_LIST_SIZE) : items;
      }
    }
    return cost;
  };
  const root = operation.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
  return costOf(operation.selectionSet, root ?? undefined, undefined);
}

/**
 * Costs already worked out, per schema, parsed operation (executor.ts keeps the parsed documents) and the
 * numbers among its variables: a cost reads nothing else of the variables (a `take` given as a variable).
 * A page asks the same few operations with the same page sizes on every render.
 */
const knownCosts = new WeakMap<GraphQLSchema, WeakMap<OperationDefinitionNode, Map<string, number>>>();
/** Variable sets remembered per operation: a list's page sizes are few, anything past this is worked out anew. */
const KNOWN_COSTS_PER_OPERATION = 32;

function memoizedCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): number {
  let ofSchema = knownCosts.get(schema);
  if (!ofSchema) knownCosts.set(schema, (ofSchema = new WeakMap()));
  let costs = ofSchema.get(operation);
  if (!costs) ofSchema.set(operation, (costs = new Map()));
  let key = '';
  for (const name in variables) {
    const value = variables[name];
    if (typeof value === 'number' && Number.isFinite(value)) key += `${name}=${value};`;
  }
  let cost = costs.get(key);
  if (cost === undefined) {
    cost = operationCost(schema, document, operation, variables);
    if (costs.size < KNOWN_COSTS_PER_OPERATION) costs.set(key, cost);
  }
  return cost;
}

/** The error for an operation over the cost limit, or undefined when it is within it. */
export function costLimitError(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): GraphQLError | undefined {
  const cost = memoizedCost(schema, document, operation, variables);
  if (cost <= LIMITS.maxCost) return undefined;
  return limitError('COST_LIMIT_EXCEEDED', `Query cost ${cost} exceeds the maximum of ${LIMITS.maxCost}`, operation);
}
