/**
 * A live room (issue 28): the Durable Object that holds the sockets of the pages watching one thing (rooms.ts)
 * and speaks the GraphQL over WebSocket protocol (`graphql-transport-ws`) to them with the graphql-ws
 * library's own messages (parseMessage, stringifyMessage, MessageType, CloseCode).
 *
 * It hibernates: the sockets are accepted with the Hibernation API, so a room whose pages are only open
 * costs nothing while nothing changes; the runtime answers the client's keep-alive pings itself without
 * waking it (setWebSocketAutoResponse). Everything a socket's conversation needs survives hibernation: its
 * state (initialised, who it is for, its subscriptions) is the socket's attachment, and the subscription
 * documents are in the room's storage. That is why the room does not run graphql-ws's `makeServer`: its
 * per-socket state lives in closures and pending async iterators, which hibernation would drop.
 *
 * A subscription is answered once when it starts (the page may be a kept copy, a second old) and again
 * whenever the worker says its subject changed (`changed`), only to the sockets whose answer did change.
 */
import { DurableObject } from 'cloudflare:workers';
import {
  CloseCode,
  GRAPHQL_TRANSPORT_WS_PROTOCOL,
  MessageType,
  parseMessage,
  stringifyMessage,
  type Message,
} from 'graphql-ws';
import type { ExecutionResult, GraphQLError } from 'graphql';
import { readConfig } from '../config';
import { RequestDatabase } from '../db/request-database';
import { findCustomer } from '../commerce/customers/customers';
import { sessionStillValid } from '../commerce/customers/sessions';
import { sha256Hex } from '../commerce/crypto';
import type { GraphQLContext } from '../graphql/context';
import { executeSubscription, prepareSubscription, type LiveOperation } from './schema';
import { isLiveKind, readLiveToken, type LiveKind } from './rooms';

/** The header the worker names the room in when it hands a socket over (routes/live.ts). */
export const ROOM_HEADER = 'X-Live-Room';
/** graphql-ws closes a socket that has not sent connection_init within this time (its own default). */
const CONNECTION_INIT_WAIT_MS = 3_000;
/** Subscriptions one socket may hold: a page watches one or two things. */
const MAX_SUBSCRIPTIONS = 4;
/** A socket's attachment may be 2,048 bytes serialized (the Hibernation API's limit). */
const MAX_ATTACHMENT_BYTES = 2_000;

/** One socket's conversation, kept as its attachment so it survives hibernation. */
interface SocketState {
  room: string;
  openedAt: number;
  /** connection_init was received and accepted. */
  init: boolean;
  /** The subject a private room's token opened it for (cart id, order public id, customer id). */
  subject?: string;
  /** A customer's room: the session version the token was made in (a logout ends it). */
  sv?: number;
  /** Subscriptions by id: the document's hash (its text is in storage), variables, the last answer's hash. */
  subs: Record<string, { doc: string; vars: Record<string, unknown> | null; op?: string | null; last?: string }>;
}

export class LiveRoom extends DurableObject<Env> {
  /** Prepared documents by hash: re-read from storage after hibernation. */
  #documents = new Map<string, LiveOperation>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(
      new WebSocketRequestResponsePair(
        stringifyMessage({ type: MessageType.Ping }),
        stringifyMessage({ type: MessageType.Pong }),
      ),
    );
  }

  /** A page's socket, handed over by the worker (routes/live.ts) with the room's name. */
  override async fetch(request: Request): Promise<Response> {
    const room = request.headers.get(ROOM_HEADER) ?? '';
    const kind = room.split(':')[0] ?? '';
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket' || !isLiveKind(kind))
      return new Response('Expected a WebSocket upgrade', { status: 426 });
    const protocols = (request.headers.get('Sec-WebSocket-Protocol') ?? '').split(',').map((p) => p.trim());
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    const state: SocketState = { room, openedAt: Date.now(), init: false, subs: {} };
    server.serializeAttachment(state);
    if (!protocols.includes(GRAPHQL_TRANSPORT_WS_PROTOCOL)) {
      server.close(CloseCode.SubprotocolNotAcceptable, 'Subprotocol not acceptable');
      return new Response(null, { status: 101, webSocket: client });
    }
    // An alarm closes sockets that never said connection_init (graphql-ws: 4408).
    if ((await this.ctx.storage.getAlarm()) === null)
      await this.ctx.storage.setAlarm(Date.now() + CONNECTION_INIT_WAIT_MS);
    return new Response(null, {
      status: 101,
      webSocket: client,
      headers: { 'Sec-WebSocket-Protocol': GRAPHQL_TRANSPORT_WS_PROTOCOL },
    });
  }

  override async alarm(): Promise<void> {
    const now = Date.now();
    let waiting = false;
    for (const socket of this.ctx.getWebSockets()) {
      const state = socket.deserializeAttachment() as SocketState;
      if (state.init) continue;
      if (now - state.openedAt >= CONNECTION_INIT_WAIT_MS)
        socket.close(CloseCode.ConnectionInitialisationTimeout, 'Connection initialisation timeout');
      else waiting = true;
    }
    if (waiting) await this.ctx.storage.setAlarm(now + CONNECTION_INIT_WAIT_MS);
  }

  override async webSocketMessage(socket: WebSocket, data: string | ArrayBuffer): Promise<void> {
    const state = socket.deserializeAttachment() as SocketState;
    let message: Message;
    try {
      if (typeof data !== 'string') throw new Error('binary');
      message = parseMessage(data);
    } catch {
      return socket.close(CloseCode.BadRequest, 'Invalid message received');
    }
    switch (message.type) {
      case MessageType.ConnectionInit:
        return this.#connectionInit(socket, state, message.payload);
      case MessageType.Ping:
        return socket.send(stringifyMessage({ type: MessageType.Pong }));
      case MessageType.Pong:
        return;
      case MessageType.Subscribe:
        return this.#subscribe(socket, state, message.id, message.payload);
      case MessageType.Complete:
        delete state.subs[message.id];
        return socket.serializeAttachment(state);
      default:
        return socket.close(CloseCode.BadRequest, `Unexpected message of type ${message.type} received`);
    }
  }

  override async webSocketClose(socket: WebSocket, code: number, reason: string): Promise<void> {
    try {
      socket.close(code === 1005 || code === 1006 ? 1000 : code, reason);
    } catch {
      // Closed already.
    }
  }

  override async webSocketError(socket: WebSocket): Promise<void> {
    try {
      socket.close(1011, 'Error');
    } catch {
      // Closed already.
    }
  }

  /**
   * The worker says the room's subject changed: every subscription is run again and its answer sent to
   * the sockets it differs for. Returns how many answers were sent.
   */
  async changed(): Promise<number> {
    const sockets = this.ctx.getWebSockets();
    if (sockets.length === 0) return 0;
    const answers = new Map<string, Promise<ExecutionResult | null>>();
    const sessions = new Map<string, Promise<boolean>>();
    let sent = 0;
    for (const socket of sockets) {
      const state = socket.deserializeAttachment() as SocketState;
      if (!state.init) continue;
      if (state.room.startsWith('customer:')) {
        // A customer's page hears nothing after their session ended (logout, new password, reset).
        const key = `${state.subject}\u0000${state.sv}`;
        let holds = sessions.get(key);
        if (!holds) sessions.set(key, (holds = this.#sessionHolds(state.subject ?? '', state.sv)));
        if (!(await holds)) {
          socket.close(CloseCode.Forbidden, 'Forbidden');
          continue;
        }
      }
      let touched = false;
      for (const [id, sub] of Object.entries(state.subs)) {
        // Sockets of the same subject asking the same thing share one execution.
        const key = `${sub.doc}\u0000${state.subject ?? ''}\u0000${JSON.stringify(sub.vars)}\u0000${sub.op ?? ''}`;
        let answer = answers.get(key);
        if (!answer) {
          answer = this.#run(state, sub);
          answers.set(key, answer);
        }
        const result = await answer;
        if (!result) continue;
        const text = JSON.stringify(result);
        const digest = (await sha256Hex(text)).slice(0, 16);
        if (digest === sub.last) continue;
        sub.last = digest;
        touched = true;
        socket.send(stringifyMessage({ id, type: MessageType.Next, payload: result }));
        sent++;
      }
      if (touched) socket.serializeAttachment(state);
    }
    return sent;
  }

  /** How many sockets the room holds and how many subscriptions they have (the bench reports it). */
  async stats(): Promise<{ sockets: number; subscriptions: number }> {
    const sockets = this.ctx.getWebSockets();
    const subscriptions = sockets.reduce(
      (sum, socket) => sum + Object.keys((socket.deserializeAttachment() as SocketState).subs).length,
      0,
    );
    return { sockets: sockets.length, subscriptions };
  }

  async #connectionInit(socket: WebSocket, state: SocketState, payload: unknown): Promise<void> {
    if (state.init) return socket.close(CloseCode.TooManyInitialisationRequests, 'Too many initialisation requests');
    const kind = state.room.split(':')[0] as LiveKind;
    if (kind !== 'product') {
      const secret = readConfig(this.env).authSecret;
      const authorization = (payload as { Authorization?: unknown } | undefined)?.Authorization;
      const grant = secret ? await readLiveToken(secret, authorization, state.room, new Date()) : null;
      if (!grant) return socket.close(CloseCode.Forbidden, 'Forbidden');
      if (kind === 'customer' && !(await this.#sessionHolds(grant.subject, grant.sessionVersion)))
        return socket.close(CloseCode.Forbidden, 'Forbidden');
      state.subject = grant.subject;
      if (grant.sessionVersion !== undefined) state.sv = grant.sessionVersion;
    }
    state.init = true;
    socket.serializeAttachment(state);
    socket.send(stringifyMessage({ type: MessageType.ConnectionAck }));
  }

  async #subscribe(
    socket: WebSocket,
    state: SocketState,
    id: string,
    payload: { query: string; variables?: Record<string, unknown> | null; operationName?: string | null },
  ): Promise<void> {
    if (!state.init) return socket.close(CloseCode.Unauthorized, 'Unauthorized');
    if (id in state.subs) return socket.close(CloseCode.SubscriberAlreadyExists, `Subscriber for ${id} already exists`);
    const refuse = (message: string) =>
      socket.send(stringifyMessage({ id, type: MessageType.Error, payload: [{ message }] }));
    if (Object.keys(state.subs).length >= MAX_SUBSCRIPTIONS) return refuse('Too many subscriptions on one socket');
    const kind = state.room.split(':')[0] as LiveKind;
    const prepared = prepareSubscription(kind, payload.query, payload.variables, payload.operationName);
    if (!('document' in prepared))
      return socket.send(
        stringifyMessage({
          id,
          type: MessageType.Error,
          payload: (prepared as readonly GraphQLError[]).map((error) => error.toJSON()),
        }),
      );
    const problem = this.#wrongSubject(state, prepared);
    if (problem) return refuse(problem);
    const doc = (await sha256Hex(payload.query)).slice(0, 32);
    const sub: SocketState['subs'][string] = {
      doc,
      vars: payload.variables ?? null,
      op: payload.operationName ?? null,
    };
    const next: SocketState = { ...state, subs: { ...state.subs, [id]: sub } };
    if (JSON.stringify(next).length > MAX_ATTACHMENT_BYTES) return refuse('The subscription is too large');
    this.#documents.set(doc, prepared);
    await this.ctx.storage.put(`doc:${doc}`, payload.query);
    // The answer now: the page may have been a kept copy rendered before the last change.
    const result = await this.#run(next, sub);
    if (result) {
      sub.last = (await sha256Hex(JSON.stringify(result))).slice(0, 16);
      socket.send(stringifyMessage({ id, type: MessageType.Next, payload: result }));
    }
    socket.serializeAttachment(next);
  }

  /** Why a subscription may not watch this room's subject, or null when it may. */
  #wrongSubject(state: SocketState, prepared: LiveOperation): string | null {
    const [kind, subject] = state.room.split(':') as [LiveKind, string];
    if (kind === 'product') return Number(prepared.args.productId) === Number(subject) ? null : 'Another product';
    if (kind === 'cart') return prepared.args.id === state.subject ? null : 'Another cart';
    if (kind === 'order') return prepared.args.publicOrderId === state.subject ? null : 'Another order';
    return null;
  }

  /** Whether the customer's session the token was made in still holds (no logout, password change, reset). */
  async #sessionHolds(customerId: string, sessionVersion: number | undefined): Promise<boolean> {
    if (sessionVersion === undefined) return false;
    return sessionStillValid(new RequestDatabase(this.env.DB, 'first-primary'), Number(customerId), sessionVersion);
  }

  /** Runs a subscription as its query, for the socket's subject. */
  async #run(state: SocketState, sub: SocketState['subs'][string]): Promise<ExecutionResult | null> {
    let prepared = this.#documents.get(sub.doc);
    if (!prepared) {
      const text = await this.ctx.storage.get<string>(`doc:${sub.doc}`);
      const kind = state.room.split(':')[0] as LiveKind;
      const again = text ? prepareSubscription(kind, text, sub.vars, sub.op) : null;
      if (!again || !('document' in again)) return null;
      prepared = again;
      this.#documents.set(sub.doc, prepared);
    }
    const context = await this.#context(state);
    if (!context) return null;
    return executeSubscription(prepared, sub.vars, context);
  }

  /** The context a subscription runs in: fresh reads from the primary, as the subject's own customer. */
  async #context(state: SocketState): Promise<GraphQLContext | null> {
    const db = new RequestDatabase(this.env.DB, 'first-primary');
    const kind = state.room.split(':')[0];
    let customer: GraphQLContext['customer'];
    if (kind === 'customer') {
      const record = await findCustomer(db, Number(state.subject));
      if (!record) return null;
      customer = { id: record.id, email: record.email };
    }
    return {
      db,
      config: readConfig(this.env),
      now: new Date(),
      customer,
      freshAnswers: true,
      mailQueue: this.env.MAIL_QUEUE,
    };
  }
}
