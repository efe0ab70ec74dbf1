/**
 * GraphQL over HTTP for the built-in API: POST with a JSON body, or GET with query parameters for
 * queries. Bad requests get a 400 with a GraphQL `errors` body; unexpected failures are logged and
 * masked, so no internals reach the caller.
 */
import { GraphQLError, type ExecutionResult } from 'graphql';
import * as v from 'valibot';
import { executeOperation, type GraphQLRequest } from './executor';
import type { GraphQLContext } from './context';

const RequestSchema = v.object({
  query: v.pipe(v.string('query must be a string'), v.nonEmpty('query is required'), v.maxLength(100_000)),
  variables: v.nullish(v.record(v.string(), v.unknown(), 'variables must be an object')),
  operationName: v.nullish(v.string('operationName must be a string')),
  extensions: v.nullish(v.record(v.string(), v.unknown())),
});

const MUTATION = /^\s*mutation\b|\}\s*mutation\b/;

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

function badRequest(message: string, status = 400): Response {
  return json({ errors: [{ message, extensions: { code: 'BAD_REQUEST' } }] }, status);
}

async function readRequest(request: Request): Promise<GraphQLRequest | Response> {
  let raw: unknown;
  if (request.method === 'GET') {
    const params = new URL(request.url).searchParams;
    let variables: unknown = null;
    try {
      variables = params.has('variables') ? JSON.parse(params.get('variables') ?? '') : null;
    } catch {
      return badRequest('variables must be JSON');
    }
    raw = { query: params.get('query') ?? '', variables, operationName: params.get('operationName') };
  } else if (request.method === 'POST') {
    if (!(request.headers.get('Content-Type') ?? '').includes('application/json')) {
      return badRequest('Content-Type must be application/json', 415);
    }
    try {
      raw = await request.json();
    } catch {
      return badRequest('The body is not valid JSON');
    }
  } else {
    return badRequest('Use GET or POST', 405);
  }
  const parsed = v.safeParse(RequestSchema, raw);
  if (!parsed.success) return badRequest(parsed.issues[0].message);
  if (request.method === 'GET' && MUTATION.test(parsed.output.query)) {
    return badRequest('Mutations must be sent with POST', 405);
  }
  return parsed.output;
}

/** Replaces errors that did not come from a deliberate GraphQLError with a generic one, after logging them. */
function maskErrors(result: ExecutionResult): ExecutionResult {
  if (!result.errors) return result;
  return {
    ...result,
    errors: result.errors.map((error) => {
      const original = error.originalError;
      if (!original || original instanceof GraphQLError) return error;
      console.error('graphql resolver failed', error.path?.join('.'), original);
      return new GraphQLError('Internal server error', {
        path: error.path,
        extensions: { code: 'INTERNAL_SERVER_ERROR' },
      });
    }),
  };
}

/** Answers one GraphQL HTTP request against the built-in API. */
export async function handleGraphQLRequest(request: Request, context: GraphQLContext): Promise<Response> {
  const operation = await readRequest(request);
  if (operation instanceof Response) return operation;
  const result = maskErrors(await executeOperation(operation, context));
  // Errors before execution (no `data` key) mean the document itself was bad.
  return json(result, 'data' in result ? 200 : 400);
}
