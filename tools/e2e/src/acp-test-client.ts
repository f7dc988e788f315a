import type {
  AnyMessage,
  ClientConnection,
  RequestPermissionRequest,
  RequestPermissionResponse,
  SessionNotification,
  Stream,
} from '@agentclientprotocol/sdk';
import { client } from '@agentclientprotocol/sdk';

/** One line of an ACP transcript: who sent it and the raw JSON-RPC message. */
export type TranscriptEntry = {
  readonly direction: 'agent->client' | 'client->agent';
  readonly message: AnyMessage;
};

/** Answers one `session/request_permission` (called in arrival order). */
export type PermissionResponder = (
  request: RequestPermissionRequest,
) => RequestPermissionResponse | Promise<RequestPermissionResponse>;

/** A raw ACP client connected to a real agent, recording everything that crosses the wire. */
export type AcpTestClient = {
  readonly connection: ClientConnection;
  /** Every message in both directions, in wire order (live array). */
  readonly transcript: readonly TranscriptEntry[];
  /** Every `session/update` notification received (live array). */
  readonly updates: readonly SessionNotification[];
  /** Every `session/request_permission` request received (live array). */
  readonly permissionRequests: readonly RequestPermissionRequest[];
  /** Replaces the permission responder (default: answer `cancelled`). */
  respondToPermissions(responder: PermissionResponder): void;
  /** Resolves with the first update (already received or future) that `predicate` accepts. */
  waitForUpdate(
    predicate: (notification: SessionNotification) => boolean,
  ): Promise<SessionNotification>;
  /** Resolves once `count` permission requests have arrived. */
  waitForPermissionRequests(count: number): Promise<void>;
};

/** Wraps `stream` so every message in both directions is appended to `transcript`. */
export function recordStream(stream: Stream, transcript: TranscriptEntry[]): Stream {
  const writer = stream.writable.getWriter();
  const writable = new WritableStream<AnyMessage>({
    async write(message) {
      transcript.push({ direction: 'client->agent', message });
      await writer.write(message);
    },
    close: () => writer.close(),
    abort: (reason) => writer.abort(reason),
  });
  const readable = stream.readable.pipeThrough(
    new TransformStream<AnyMessage, AnyMessage>({
      transform(message, controller) {
        transcript.push({ direction: 'agent->client', message });
        controller.enqueue(message);
      },
    }),
  );
  return { writable, readable };
}

/** Connects an `acp.client()` (SDK 2.4) to `stream`, recording the traffic. */
export function connectAcpTestClient(stream: Stream): AcpTestClient {
  const transcript: TranscriptEntry[] = [];
  const updates: SessionNotification[] = [];
  const permissionRequests: RequestPermissionRequest[] = [];
  const updateWaiters: {
    predicate: (notification: SessionNotification) => boolean;
    wake: (notification: SessionNotification) => void;
  }[] = [];
  const permissionWaiters: { count: number; wake: () => void }[] = [];
  let responder: PermissionResponder = () => ({ outcome: { outcome: 'cancelled' } });

  const app = client({ name: 'agentbridge-e2e' })
    .onNotification('session/update', ({ params }) => {
      updates.push(params);
      for (const waiter of [...updateWaiters]) {
        if (!waiter.predicate(params)) continue;
        updateWaiters.splice(updateWaiters.indexOf(waiter), 1);
        waiter.wake(params);
      }
    })
    .onRequest('session/request_permission', ({ params }) => {
      permissionRequests.push(params);
      for (const waiter of [...permissionWaiters]) {
        if (permissionRequests.length < waiter.count) continue;
        permissionWaiters.splice(permissionWaiters.indexOf(waiter), 1);
        waiter.wake();
      }
      return responder(params);
    });
  const connection = app.connect(recordStream(stream, transcript));

  return {
    connection,
    transcript,
    updates,
    permissionRequests,
    respondToPermissions(next) {
      responder = next;
    },
    waitForUpdate(predicate) {
      const existing = updates.find(predicate);
      if (existing !== undefined) return Promise.resolve(existing);
      return new Promise((wake) => updateWaiters.push({ predicate, wake }));
    },
    waitForPermissionRequests(count) {
      if (permissionRequests.length >= count) return Promise.resolve();
      return new Promise((wake) => permissionWaiters.push({ count, wake }));
    },
  };
}

/** Picks the option of `kind` from a permission request as a `selected` outcome. */
export function selectPermissionOption(
  request: RequestPermissionRequest,
  kind: 'allow_once' | 'allow_always' | 'reject_once' | 'reject_always',
): RequestPermissionResponse {
  const option = request.options.find((candidate) => candidate.kind === kind);
  if (option === undefined) {
    throw new Error(`no ${kind} option in ${JSON.stringify(request.options)}`);
  }
  return { outcome: { outcome: 'selected', optionId: option.optionId } };
}
