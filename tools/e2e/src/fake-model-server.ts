import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One HTTP request the fake server received, in arrival order. */
export type RecordedRequest = {
  /** 0-based arrival index over all requests of this server. */
  readonly index: number;
  readonly method: string;
  /** Path without the query string (`/v1beta/models/gemini-2.5-pro:streamGenerateContent`). */
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  /** Lower-cased header names. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The parsed JSON body, or the raw text when it is not JSON (`undefined` when empty). */
  readonly body: unknown;
};

/** One server-sent event: `event:` (optional) and `data:` (JSON-encoded unless a string). */
export type SseEvent = {
  readonly event?: string;
  readonly data: unknown;
};

/** What the server answers to one request. */
export type ScriptedResponse =
  | {
      readonly type: 'sse';
      readonly events: readonly SseEvent[];
      /**
       * Keep the stream open after the events until the client goes away (a "long stream" to
       * cancel). Default false: the stream ends after the events.
       */
      readonly hold?: boolean;
    }
  | {
      readonly type: 'json';
      /** Default 200. */
      readonly status?: number;
      readonly body: unknown;
    };

/** Picks the answer for a request; `undefined` makes the server answer 500 "unscripted". */
export type ResponseResolver = (request: RecordedRequest) => ScriptedResponse | undefined;

/** A running fake model server bound to 127.0.0.1 on a free port. */
export type FakeModelServer = {
  /** `http://127.0.0.1:<port>` (no trailing slash). */
  readonly url: string;
  readonly port: number;
  /** Every request received so far, in order (live array). */
  readonly requests: readonly RecordedRequest[];
  /** Requests that no script answered (the server replied 500). A passing test leaves it empty. */
  readonly unscripted: readonly RecordedRequest[];
  /** Resolves once `count` requests have been received. */
  waitForRequests(count: number): Promise<void>;
  /** Stops listening and destroys open connections (held streams included). */
  close(): Promise<void>;
};

/** Starts a fake model server that answers each request with `resolve(request)`. */
export async function startFakeModelServer(resolve: ResponseResolver): Promise<FakeModelServer> {
  const requests: RecordedRequest[] = [];
  const unscripted: RecordedRequest[] = [];
  const waiters: { count: number; wake: () => void }[] = [];

  const server: Server = createServer((incoming, outgoing) => {
    void readBody(incoming).then((text) => {
      const request = toRecordedRequest(requests.length, incoming, text);
      requests.push(request);
      for (const waiter of waiters.filter((candidate) => requests.length >= candidate.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.wake();
      }
      const response = resolve(request);
      if (response === undefined) {
        unscripted.push(request);
        writeJson(outgoing, 500, {
          error: { code: 500, message: `fake server: no scripted response for ${request.path}` },
        });
        return;
      }
      if (response.type === 'json') {
        writeJson(outgoing, response.status ?? 200, response.body);
        return;
      }
      writeSse(outgoing, response.events, response.hold ?? false);
    });
  });

  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    unscripted,
    waitForRequests(count) {
      if (requests.length >= count) return Promise.resolve();
      return new Promise((wake) => waiters.push({ count, wake }));
    },
    close() {
      server.closeAllConnections();
      return new Promise((closed) => server.close(() => closed()));
    },
  };
}

function readBody(incoming: IncomingMessage): Promise<string> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
    incoming.on('error', fail);
  });
}

function toRecordedRequest(
  index: number,
  incoming: IncomingMessage,
  text: string,
): RecordedRequest {
  const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
  let body: unknown;
  if (text.length > 0) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return {
    index,
    method: incoming.method ?? 'GET',
    path: decodeURIComponent(url.pathname),
    query: Object.fromEntries(url.searchParams),
    headers: { ...incoming.headers },
    body,
  };
}

function writeJson(outgoing: ServerResponse, status: number, body: unknown): void {
  outgoing.writeHead(status, { 'content-type': 'application/json' });
  outgoing.end(JSON.stringify(body));
}

function writeSse(outgoing: ServerResponse, events: readonly SseEvent[], hold: boolean): void {
  outgoing.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  for (const event of events) {
    const data = typeof event.data === 'string' ? event.data : JSON.stringify(event.data);
    const prefix = event.event === undefined ? '' : `event: ${event.event}\n`;
    outgoing.write(`${prefix}data: ${data}\n\n`);
  }
  if (!hold) outgoing.end();
}
