import type {
  FakeModelServer,
  RecordedRequest,
  ScriptedResponse,
  SseEvent,
} from './fake-model-server.js';
import { startFakeModelServer } from './fake-model-server.js';

/** One output item of a scripted Responses API answer. */
export type ResponsesItem =
  | { readonly type: 'reasoning'; readonly summary: readonly string[] }
  | { readonly type: 'message'; readonly deltas: readonly string[] }
  | {
      readonly type: 'function_call';
      readonly name: string;
      readonly arguments: Readonly<Record<string, unknown>>;
      readonly callId: string;
      /** A tool of a namespace (codex offers an MCP server's tools as `mcp__<server>`). */
      readonly namespace?: string;
    }
  | {
      readonly type: 'custom_tool_call';
      readonly name: string;
      readonly input: string;
      readonly callId: string;
    };

/**
 * A codex `exec_command` call. With a `justification` it asks to run outside the sandbox, so codex
 * asks for permission first.
 */
export function execCommandCall(
  cmd: string,
  callId: string,
  justification?: string,
): ResponsesItem {
  const escalation =
    justification === undefined ? {} : { sandbox_permissions: 'require_escalated', justification };
  return { type: 'function_call', name: 'exec_command', arguments: { cmd, ...escalation }, callId };
}

/** Token counts of a scripted response (`response.completed.response.usage`). */
export type ResponsesUsage = {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cachedTokens?: number;
  readonly reasoningTokens?: number;
};

/** One scripted `POST /v1/responses` answer. */
export type ResponsesTurn = {
  readonly items: readonly ResponsesItem[];
  readonly usage?: ResponsesUsage;
  /** Keep the stream open after the items (no `response.completed`) until the client goes away. */
  readonly hold?: boolean;
};

/** A scripted API error: HTTP status plus the OpenAI error body. */
export type ResponsesApiError = {
  readonly status: number;
  readonly message: string;
  /** Default `invalid_request_error`. */
  readonly errorType?: string;
  readonly code?: string;
};

/** The parts of a `POST /v1/responses` body the tests read. */
export type ResponsesBody = {
  readonly model: string;
  readonly stream: boolean;
  readonly reasoning?: { readonly effort?: string; readonly summary?: string };
  readonly input: readonly {
    readonly type: string;
    readonly role?: string;
    readonly call_id?: string;
    readonly output?: string;
    readonly content?: unknown;
  }[];
};

/** A fake OpenAI Responses API on 127.0.0.1. */
export type FakeOpenAiServer = FakeModelServer & {
  /** Queues the answer to the next `POST /v1/responses`. */
  enqueueTurn(turn: ResponsesTurn): void;
  /** Queues an HTTP error as the answer to the next `POST /v1/responses`. */
  enqueueError(error: ResponsesApiError): void;
  /** `POST /v1/responses` requests received so far. */
  responseRequests(): RecordedRequest[];
  /** The body of the last `POST /v1/responses` (throws when there was none). */
  lastBody(): ResponsesBody;
};

/**
 * Starts a fake Responses API. Point codex at it with a custom provider whose `base_url` is
 * `<url>/v1`. Requests are answered from the queue in order; an empty queue answers 500 and records
 * the request as unscripted.
 */
export async function startFakeOpenAiServer(): Promise<FakeOpenAiServer> {
  const queue: ScriptedResponse[] = [];
  let responseCount = 0;
  const server = await startFakeModelServer((request) => {
    if (request.method === 'POST' && request.path === '/v1/responses') return queue.shift();
    return undefined;
  });
  const responseRequests = () =>
    server.requests.filter(
      (request) => request.method === 'POST' && request.path === '/v1/responses',
    );
  return {
    ...server,
    enqueueTurn(turn) {
      responseCount += 1;
      queue.push({
        type: 'sse',
        events: toResponsesEvents(turn, `resp_${responseCount}`),
        hold: turn.hold ?? false,
      });
    },
    enqueueError(error) {
      queue.push({
        type: 'json',
        status: error.status,
        body: {
          error: {
            message: error.message,
            type: error.errorType ?? 'invalid_request_error',
            param: null,
            code: error.code ?? null,
          },
        },
      });
    },
    responseRequests,
    lastBody() {
      const last = responseRequests().at(-1);
      if (last === undefined) throw new Error('no POST /v1/responses received');
      return last.body as ResponsesBody;
    },
  };
}

/** The SSE events of one scripted response, named as the Responses API names them. */
export function toResponsesEvents(turn: ResponsesTurn, responseId: string): SseEvent[] {
  const events: SseEvent[] = [];
  const emit = (type: string, payload: Record<string, unknown>) =>
    events.push({ event: type, data: { type, sequence_number: events.length, ...payload } });
  const response = { id: responseId, object: 'response', model: 'gpt-5.3-codex', output: [] };
  emit('response.created', { response: { ...response, status: 'in_progress' } });
  turn.items.forEach((item, outputIndex) => {
    const itemId = `${item.type}_${responseId}_${outputIndex}`;
    const position = { item_id: itemId, output_index: outputIndex };
    switch (item.type) {
      case 'reasoning': {
        emit('response.output_item.added', {
          output_index: outputIndex,
          item: { type: 'reasoning', id: itemId, summary: [] },
        });
        item.summary.forEach((text, summaryIndex) => {
          const part = { ...position, summary_index: summaryIndex };
          emit('response.reasoning_summary_part.added', {
            ...part,
            part: { type: 'summary_text', text: '' },
          });
          emit('response.reasoning_summary_text.delta', { ...part, delta: text });
          emit('response.reasoning_summary_text.done', { ...part, text });
        });
        emit('response.output_item.done', {
          output_index: outputIndex,
          item: {
            type: 'reasoning',
            id: itemId,
            summary: item.summary.map((text) => ({ type: 'summary_text', text })),
          },
        });
        return;
      }
      case 'message': {
        const message = { type: 'message', id: itemId, role: 'assistant' };
        emit('response.output_item.added', {
          output_index: outputIndex,
          item: { ...message, status: 'in_progress', content: [] },
        });
        for (const delta of item.deltas) {
          emit('response.output_text.delta', { ...position, content_index: 0, delta });
        }
        const text = item.deltas.join('');
        emit('response.output_text.done', { ...position, content_index: 0, text });
        emit('response.output_item.done', {
          output_index: outputIndex,
          item: {
            ...message,
            status: 'completed',
            content: [{ type: 'output_text', text, annotations: [] }],
          },
        });
        return;
      }
      case 'function_call': {
        const namespace = item.namespace === undefined ? {} : { namespace: item.namespace };
        const call = {
          type: 'function_call',
          id: itemId,
          call_id: item.callId,
          name: item.name,
          ...namespace,
        };
        emit('response.output_item.added', {
          output_index: outputIndex,
          item: { ...call, arguments: '', status: 'in_progress' },
        });
        emit('response.output_item.done', {
          output_index: outputIndex,
          item: { ...call, arguments: JSON.stringify(item.arguments), status: 'completed' },
        });
        return;
      }
      case 'custom_tool_call': {
        const call = {
          type: 'custom_tool_call',
          id: itemId,
          call_id: item.callId,
          name: item.name,
        };
        emit('response.output_item.added', {
          output_index: outputIndex,
          item: { ...call, input: '', status: 'in_progress' },
        });
        emit('response.output_item.done', {
          output_index: outputIndex,
          item: { ...call, input: item.input, status: 'completed' },
        });
        return;
      }
    }
  });
  if (turn.hold) return events;
  const usage = turn.usage ?? { inputTokens: 100, outputTokens: 20 };
  emit('response.completed', {
    response: {
      ...response,
      status: 'completed',
      usage: {
        input_tokens: usage.inputTokens,
        input_tokens_details: { cached_tokens: usage.cachedTokens ?? 0 },
        output_tokens: usage.outputTokens,
        output_tokens_details: { reasoning_tokens: usage.reasoningTokens ?? 0 },
        total_tokens: usage.inputTokens + usage.outputTokens,
      },
    },
  });
  return events;
}
