import type { FakeModelServer, RecordedRequest, ScriptedResponse } from './fake-model-server.js';
import { startFakeModelServer } from './fake-model-server.js';

/** One part of a scripted model answer, as the Gemini API spells it. */
export type GeminiPart =
  | { readonly text: string; readonly thought?: boolean }
  | {
      readonly functionCall: {
        readonly name: string;
        readonly args: Readonly<Record<string, unknown>>;
      };
    };

/** Token counts of a scripted turn (`usageMetadata` of the last chunk). */
export type GeminiUsage = {
  readonly promptTokenCount: number;
  readonly candidatesTokenCount: number;
  readonly thoughtsTokenCount?: number;
};

/** One scripted `:streamGenerateContent` answer. */
export type GeminiTurn = {
  /** Each part is sent as its own SSE chunk, in order. */
  readonly parts: readonly GeminiPart[];
  readonly usage?: GeminiUsage;
  /** Default `STOP`. */
  readonly finishReason?: string;
  /** Keep the stream open after the parts (no finishReason) until the client goes away. */
  readonly hold?: boolean;
};

/** A scripted API error: HTTP status plus the Google error body. */
export type GeminiApiError = {
  readonly status: number;
  readonly message: string;
  /** Google RPC status name; derived from `status` when omitted. */
  readonly statusName?: string;
};

/** The `contents` of a `:streamGenerateContent` request: the conversation sent to the model. */
export type GeminiContents = readonly {
  readonly role: string;
  readonly parts: readonly unknown[];
}[];

/** A fake Gemini API (`generativelanguage.googleapis.com` subset) on 127.0.0.1. */
export type FakeGeminiServer = FakeModelServer & {
  /** Queues the answer to the next `:streamGenerateContent` request. */
  enqueueTurn(turn: GeminiTurn): void;
  /** Queues an HTTP error as the answer to the next `:streamGenerateContent` request. */
  enqueueError(error: GeminiApiError): void;
  /** `:streamGenerateContent` requests received so far. */
  streamRequests(): RecordedRequest[];
  /** `:generateContent` requests (the `auto` model's routing calls) received so far. */
  generateRequests(): RecordedRequest[];
  /** `contents` of the last (or `offset`-th last) stream request; empty when there is none. */
  lastContents(offset?: number): GeminiContents;
};

const modelVersion = 'gemini-2.5-pro';

const statusNames: Readonly<Record<number, string>> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

/**
 * Starts a fake Gemini API. Point the CLI at it with `GOOGLE_GEMINI_BASE_URL=<url>`. Stream requests
 * are answered from the queue in order (an empty queue answers 500 and records the request as
 * unscripted); `:generateContent` (the routing call of model `auto`) answers a fixed "simple" verdict.
 */
export async function startFakeGeminiServer(): Promise<FakeGeminiServer> {
  const queue: ScriptedResponse[] = [];
  const server = await startFakeModelServer((request) => {
    if (request.method !== 'POST') return undefined;
    if (request.path.endsWith(':streamGenerateContent')) return queue.shift();
    if (request.path.endsWith(':generateContent')) return routingAnswer();
    if (request.path.endsWith(':countTokens')) return { type: 'json', body: { totalTokens: 1 } };
    return undefined;
  });
  const byMethod = (suffix: string) =>
    server.requests.filter((request) => request.path.endsWith(suffix));
  return {
    ...server,
    enqueueTurn(turn) {
      queue.push({ type: 'sse', events: toGeminiChunks(turn), hold: turn.hold ?? false });
    },
    enqueueError(error) {
      queue.push({
        type: 'json',
        status: error.status,
        body: {
          error: {
            code: error.status,
            message: error.message,
            status: error.statusName ?? statusNames[error.status] ?? 'UNKNOWN',
          },
        },
      });
    },
    streamRequests: () => byMethod(':streamGenerateContent'),
    generateRequests: () => byMethod(':generateContent'),
    lastContents: (offset = 1) =>
      (byMethod(':streamGenerateContent').at(-offset)?.body as { contents?: GeminiContents })
        ?.contents ?? [],
  };
}

/** The SSE chunks (`GenerateContentResponse` objects) of one scripted turn. */
export function toGeminiChunks(turn: GeminiTurn): { data: unknown }[] {
  const chunks: { data: unknown }[] = turn.parts.map((part) => ({
    data: { candidates: [{ content: { role: 'model', parts: [part] }, index: 0 }], modelVersion },
  }));
  if (turn.hold) return chunks;
  const usage = turn.usage ?? { promptTokenCount: 10, candidatesTokenCount: 5 };
  chunks.push({
    data: {
      candidates: [
        {
          content: { role: 'model', parts: [{ text: '' }] },
          finishReason: turn.finishReason ?? 'STOP',
          index: 0,
        },
      ],
      usageMetadata: {
        ...usage,
        totalTokenCount:
          usage.promptTokenCount + usage.candidatesTokenCount + (usage.thoughtsTokenCount ?? 0),
      },
      modelVersion,
    },
  });
  return chunks;
}

function routingAnswer(): ScriptedResponse {
  const verdict = { complexity_reasoning: 'A short scripted task.', complexity_score: 10 };
  return {
    type: 'json',
    body: {
      candidates: [
        {
          content: { role: 'model', parts: [{ text: JSON.stringify(verdict) }] },
          finishReason: 'STOP',
          index: 0,
        },
      ],
      usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 },
      modelVersion: 'gemini-2.5-flash-lite',
    },
  };
}
