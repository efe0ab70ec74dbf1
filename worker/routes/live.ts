/**
 * The live API's sockets (issue 28): `GET /graphql/live/{kind}/{subject}` with a WebSocket upgrade is handed
 * to the subject's room (live/live-room.ts), which speaks graphql-ws. In front of a remote commerce API
 * (GRAPHQL_ENDPOINT) there are no rooms here: its pages use the remote's own subscription endpoint when one
 * is configured (GRAPHQL_SUBSCRIPTIONS_ENDPOINT), else nothing is live.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { isLiveKind, ROOM_SUBJECT } from '../live/rooms';
import { ROOM_HEADER } from '../live/live-room';

export function liveRoutes() {
  const routes = new Hono<AppEnv>();
  routes.get('/:kind/:subject', async (c) => {
    const { kind, subject } = c.req.param();
    if (c.get('config').graphqlEndpoint !== null || !isLiveKind(kind) || !ROOM_SUBJECT[kind].test(subject))
      return c.text('Not found', 404, { 'Cache-Control': 'no-store' });
    if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket')
      return c.text('This address takes a WebSocket (graphql-transport-ws)', 426, { 'Cache-Control': 'no-store' });
    const room = `${kind}:${subject}`;
    const headers = new Headers(c.req.raw.headers);
    headers.set(ROOM_HEADER, room);
    const answer = await c.env.LIVE_ROOMS.get(c.env.LIVE_ROOMS.idFromName(room)).fetch(c.req.url, { headers });
    // The room's answer has immutable headers; the middleware after this one adds its own.
    return new Response(answer.body, { status: answer.status, headers: answer.headers, webSocket: answer.webSocket });
  });
  return routes;
}
