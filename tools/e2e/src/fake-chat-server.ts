import type {
  FakeModelServer,
  RecordedRequest,
  ScriptedResponse,
  SseEvent,
} from './fake-model-server.js';
import { startFakeModelServer } from './fake-model-server.js';

/** One part of a scripted Chat Completions answer. */
export type ChatPart =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'reasoning'; readonly text: string }
  | {
      readonly type: 'tool_call';
      readonly name: string;
      readonly arguments: Readonly<Record<string, unknown>>;
      /** Default `call_fake_<n>`. */
      readonly id?: string;
    };

/** One scripted `POST /v1/chat/completions` answer (a request that offers tools). */
export type ChatTurn = {
  readonly parts: readonly ChatPart[];
  readonly usage?: { readonly promptTokens: number; readonly completionTokens: number };
  /** Keep the stream open after the parts (no finish, no `[DONE]`) until the client goes away. */
  readonly hold?: boolean;
};

/** The parts of a Chat Completions body the tests read. */
export type ChatBody = {
  readonly model: string;
  readonly stream?: boolean;
  readonly tools?: readonly { readonly function?: { readonly name: string } }[];
  readonly messages: readonly {
    readonly role: string;
    readonly content?: unknown;
    readonly tool_call_id?: string;
  }[];
};

/** A fake OpenAI Chat Completions API on 127.0.0.1 (for Qwen Code's `openai` auth type). */
export type FakeChatServer = FakeModelServer & {
  /** Queues the answer to the next request that offers tools (the agent's main loop). */
  enqueueTurn(turn: ChatTurn): void;
  /** Main-loop requests received so far. */
  mainRequests(): RecordedRequest[];
  /** The messages of the last main-loop request (empty when none came). */
  lastMessages(): ChatBody['messages'];
};

const model = 'qwen3-coder-plus';

const isMainRequest = (request: RecordedRequest): boolean =>
  request.method === 'POST' &&
  request.path === '/v1/chat/completions' &&
  ((request.body as Partial<ChatBody> | undefined)?.tools?.length ?? 0) > 0;

/**
 * Starts a fake Chat Completions API (point the agent at `<url>/v1`). Requests that offer tools are
 * answered from the queue in order (an empty queue answers 500 and records the request as
 * unscripted); a request without tools (a side question of the agent's) is unscripted too, so a
 * test sees every call the agent makes.
 */
export async function startFakeChatServer(): Promise<FakeChatServer> {
  const queue: ScriptedResponse[] = [];
  let toolCalls = 0;
  const server = await startFakeModelServer((request) =>
    isMainRequest(request) ? queue.shift() : undefined,
  );
  const mainRequests = () => server.requests.filter(isMainRequest);
  return {
    ...server,
    enqueueTurn(turn) {
      const parts = turn.parts.map((part) =>
        part.type === 'tool_call' && part.id === undefined
          ? { ...part, id: `call_fake_${++toolCalls}` }
          : part,
      );
      queue.push({
        type: 'sse',
        events: toChatEvents({ ...turn, parts }, `chatcmpl-${queue.length + 1}`),
        hold: turn.hold ?? false,
      });
    },
    mainRequests,
    lastMessages: () => (mainRequests().at(-1)?.body as ChatBody | undefined)?.messages ?? [],
  };
}

/** The SSE chunks of one scripted answer, as Chat Completions streams them. */
export function toChatEvents(turn: ChatTurn, id: string): SseEvent[] {
  const events: SseEvent[] = [];
  const chunk = (delta: Record<string, unknown>, finish: string | null = null, extra = {}) =>
    events.push({
      data: {
        id,
        object: 'chat.completion.chunk',
        created: 1_764_000_000,
        model,
        choices: [{ index: 0, delta, finish_reason: finish }],
        ...extra,
      },
    });
  chunk({ role: 'assistant', content: '' });
  let toolIndex = 0;
  for (const part of turn.parts) {
    if (part.type === 'text') chunk({ content: part.text });
    else if (part.type === 'reasoning') chunk({ reasoning_content: part.text });
    else {
      const index = toolIndex++;
      const call = { index, id: part.id, type: 'function' };
      const json = JSON.stringify(part.arguments);
      const middle = Math.ceil(json.length / 2);
      chunk({
        tool_calls: [{ ...call, function: { name: part.name, arguments: json.slice(0, middle) } }],
      });
      chunk({ tool_calls: [{ index, function: { arguments: json.slice(middle) } }] });
    }
  }
  if (turn.hold) return events;
  chunk({}, toolIndex > 0 ? 'tool_calls' : 'stop');
  const usage = turn.usage ?? { promptTokens: 100, completionTokens: 20 };
  events.push({
    data: {
      id,
      object: 'chat.completion.chunk',
      created: 1_764_000_000,
      model,
      choices: [],
      usage: {
        prompt_tokens: usage.promptTokens,
        completion_tokens: usage.completionTokens,
        total_tokens: usage.promptTokens + usage.completionTokens,
      },
    },
  });
  events.push({ data: '[DONE]' });
  return events;
}
