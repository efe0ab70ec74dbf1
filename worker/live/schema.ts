/**
 * The live API (issue 28): the built-in commerce API's schema with a Subscription type. Each field answers
 * as the query it mirrors (the same resolver, so a subscription's product, cart or order is exactly what a
 * page loaded), and is executed again by its room whenever what it shows changed (live-room.ts). The
 * public endpoint (/graphql) keeps the Geins schema as it is: subscriptions travel only over the
 * graphql-ws socket.
 */
import {
  execute,
  extendSchema,
  getOperationAST,
  GraphQLError,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionResult,
  type FieldNode,
  type OperationDefinitionNode,
} from 'graphql';
import { schema } from '../graphql/executor';
import { LIMITS, limitRules } from '../graphql/limits';
import { RESOLVERS } from '../graphql/resolvers';
import type { GraphQLContext } from '../graphql/context';
import type { LiveKind } from './rooms';

const SCOPE_ARGS = `
    """The channel ID. Will default to an existing value if it is not found."""
    channelId: String
    """The language ID. Will default to an existing value if it is not found."""
    languageId: String
    """The market ID. Will default to an existing value if it is not found."""
    marketId: String`;

const SUBSCRIPTION_SDL = `
extend schema {
  subscription: GeinsMerchantApiSubscription
}

"""What an open page shows live: sent once when subscribed, then whenever it changes."""
type GeinsMerchantApiSubscription {
  """A product's stock and prices (as the product query answers), whenever a purchase, a return or the merchant changes them."""
  productChanged(
    """The product id (the room's)"""
    productId: Int!${SCOPE_ARGS}
  ): ProductType
  """A cart (as getCart answers), whenever it changes in any browser."""
  cartChanged(
    """The cart ID"""
    id: String!
    allowExternalShippingFee: Boolean${SCOPE_ARGS}
  ): CartType
  """An order (as getOrderPublic answers), whenever its status moves."""
  orderChanged(
    publicOrderId: Guid!${SCOPE_ARGS}
  ): OrderType
  """The logged-in customer's orders (as getOrders answers), whenever one of them moves."""
  ordersChanged(${SCOPE_ARGS}
  ): [OrderType]
}
`;

type Resolver = (source: unknown, args: Record<string, unknown>, ctx: GraphQLContext) => unknown;
const query = (name: string): Resolver => RESOLVERS.GeinsMerchantApiQuery![name] as Resolver;

/** Each subscription field, the query it answers as, and the room kind it belongs to. */
const FIELDS: Record<string, { kind: LiveKind; resolve: Resolver }> = {
  productChanged: { kind: 'product', resolve: query('product') },
  cartChanged: { kind: 'cart', resolve: query('getCart') },
  orderChanged: { kind: 'order', resolve: query('getOrderPublic') },
  ordersChanged: { kind: 'customer', resolve: query('getOrders') },
};

function buildLiveSchema() {
  const live = extendSchema(schema, parse(SUBSCRIPTION_SDL));
  const fields = live.getSubscriptionType()!.getFields();
  for (const [name, field] of Object.entries(fields)) {
    const known = FIELDS[name];
    if (!known) throw new Error(`No resolver for subscription ${name}`);
    field.resolve = known.resolve as never;
  }
  return live;
}

export const liveSchema = buildLiveSchema();

/** A subscription a room accepted: its document, the one field it watches and that field's arguments. */
export interface LiveOperation {
  document: DocumentNode;
  operation: OperationDefinitionNode;
  field: string;
  args: Record<string, unknown>;
}

/**
 * Parses and validates a subscription for a room of `kind` (the API's abuse limits included): one field,
 * of the room's kind. Its arguments are the field's, with variables applied, so the room can check they
 * name its own subject. Errors come back as GraphQL errors for the graphql-ws `error` message.
 */
export function prepareSubscription(
  kind: LiveKind,
  queryText: string,
  variables: Record<string, unknown> | null | undefined,
  operationName: string | null | undefined,
): LiveOperation | readonly GraphQLError[] {
  let document: DocumentNode;
  try {
    document = parse(queryText, { maxTokens: LIMITS.maxTokens });
  } catch (error) {
    return [error instanceof GraphQLError ? error : new GraphQLError(String(error))];
  }
  const errors = validate(liveSchema, document, [...specifiedRules, ...limitRules({ introspection: false })]);
  if (errors.length) return errors;
  const operation = getOperationAST(document, operationName);
  if (!operation || operation.operation !== 'subscription')
    return [new GraphQLError('Send one subscription operation (queries and mutations go to /graphql)')];
  const selections = operation.selectionSet.selections;
  const field = selections[0] as FieldNode | undefined;
  if (selections.length !== 1 || field?.kind !== 'Field' || FIELDS[field.name.value]?.kind !== kind)
    return [new GraphQLError(`This room answers one ${kind} subscription field`)];
  const args: Record<string, unknown> = {};
  for (const argument of field.arguments ?? []) {
    const value = argument.value;
    args[argument.name.value] =
      value.kind === 'Variable'
        ? variables?.[value.name.value]
        : 'value' in value
          ? value.kind === 'IntValue'
            ? Number(value.value)
            : value.value
          : undefined;
  }
  return { document, operation, field: field.name.value, args };
}

/** Runs an accepted subscription once, as the query it mirrors, in `context`. */
export function executeSubscription(
  prepared: LiveOperation,
  variables: Record<string, unknown> | null | undefined,
  context: GraphQLContext,
): Promise<ExecutionResult> {
  return Promise.resolve(
    execute({
      schema: liveSchema,
      document: prepared.document,
      operationName: prepared.operation.name?.value,
      variableValues: variables ?? undefined,
      contextValue: context,
    }),
  );
}
