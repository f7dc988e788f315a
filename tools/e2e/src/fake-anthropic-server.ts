import type {
  FakeModelServer,
  RecordedRequest,
  ScriptedResponse,
  SseEvent,
} from './fake-model-server.js';
import { startFakeModelServer } from './fake-model-server.js';

/** One content block of a scripted Messages API answer. */
export type AnthropicBlock =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'thinking'; readonly thinking: string }
  | {
      readonly type: 'tool_use';
      readonly name: string;
      readonly input: Readonly<Record<string, unknown>>;
      /** Default `toolu_fake_<n>`. */
      readonly id?: string;
    };

/** One scripted main-loop answer (a request that offers tools). */
export type AnthropicTurn = {
  readonly blocks: readonly AnthropicBlock[];
  /** Default `tool_use` when a block is a tool_use, else `end_turn`. */
  readonly stopReason?: string;
  readonly usage?: { readonly inputTokens: number; readonly outputTokens: number };
  /** Keep the stream open after the blocks (no `message_stop`) until the client goes away. */
  readonly hold?: boolean;
};

/** The parts of a `POST /v1/messages` body the tests read. */
export type MessagesBody = {
  readonly model: string;
  readonly stream?: boolean;
  readonly tools?: readonly { readonly name: string }[];
  readonly messages: readonly { readonly role: string; readonly content: unknown }[];
};

/** A fake Anthropic Messages API on 127.0.0.1. */
export type FakeAnthropicServer = FakeModelServer & {
  /** Queues the answer to the next main-loop request (one that offers tools). */
  enqueueTurn(turn: AnthropicTurn): void;
  /** Main-loop requests received so far. */
  mainRequests(): RecordedRequest[];
  /** The messages of the last main-loop request (empty when none came). */
  lastMessages(): MessagesBody['messages'];
};

const model = 'claude-sonnet-4-5';

/** True for a Messages request whose body offers tools: the agent's main loop. */
const isMainRequest = (request: RecordedRequest): boolean =>
  request.method === 'POST' &&
  request.path === '/v1/messages' &&
  ((request.body as Partial<MessagesBody> | undefined)?.tools?.length ?? 0) > 0;

/**
 * Starts a fake Anthropic Messages API (point Claude Code at it with `ANTHROPIC_BASE_URL=<url>`).
 * Main-loop requests (those that offer tools) are answered from the queue in order (an empty queue
 * answers 500 and records the request as unscripted). Claude Code's side requests without tools
 * (a session title, a prompt suggestion) get a short fixed text; `count_tokens` gets a count.
 */
export async function startFakeAnthropicServer(): Promise<FakeAnthropicServer> {
  const queue: ScriptedResponse[] = [];
  let answers = 0;
  let toolUses = 0;
  const server = await startFakeModelServer((request) => {
    if (request.method !== 'POST') return undefined;
    if (request.path === '/v1/messages/count_tokens')
      return { type: 'json', body: { input_tokens: 10 } };
    if (request.path !== '/v1/messages') return undefined;
    answers += 1;
    if (isMainRequest(request)) return queue.shift();
    const body = request.body as Partial<MessagesBody> | undefined;
    const side: AnthropicTurn = { blocks: [{ type: 'text', text: 'Side answer' }] };
    return body?.stream === false
      ? { type: 'json', body: toMessage(side, `msg_side_${answers}`) }
      : { type: 'sse', events: toAnthropicEvents(side, `msg_side_${answers}`) };
  });
  const mainRequests = () => server.requests.filter(isMainRequest);
  return {
    ...server,
    enqueueTurn(turn) {
      const blocks = turn.blocks.map((block) =>
        block.type === 'tool_use' && block.id === undefined
          ? { ...block, id: `toolu_fake_${++toolUses}` }
          : block,
      );
      queue.push({
        type: 'sse',
        events: toAnthropicEvents({ ...turn, blocks }, `msg_fake_${queue.length + 1}_${answers}`),
        hold: turn.hold ?? false,
      });
    },
    mainRequests,
    lastMessages: () => (mainRequests().at(-1)?.body as MessagesBody | undefined)?.messages ?? [],
  };
}

const usageOf = (turn: AnthropicTurn) => ({
  input_tokens: turn.usage?.inputTokens ?? 20,
  output_tokens: turn.usage?.outputTokens ?? 10,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
});

const stopReasonOf = (turn: AnthropicTurn): string =>
  turn.stopReason ??
  (turn.blocks.some((block) => block.type === 'tool_use') ? 'tool_use' : 'end_turn');

/** A non-streamed answer (`stream: false`). */
function toMessage(turn: AnthropicTurn, id: string): Record<string, unknown> {
  return {
    id,
    type: 'message',
    role: 'assistant',
    model,
    content: turn.blocks.map((block) =>
      block.type === 'thinking' ? { ...block, signature: 'fake-signature' } : block,
    ),
    stop_reason: stopReasonOf(turn),
    stop_sequence: null,
    usage: usageOf(turn),
  };
}

/** The SSE events of one scripted answer, as the Messages API streams them. */
export function toAnthropicEvents(turn: AnthropicTurn, messageId: string): SseEvent[] {
  const events: SseEvent[] = [];
  const emit = (type: string, payload: Record<string, unknown> = {}) =>
    events.push({ event: type, data: { type, ...payload } });
  const usage = usageOf(turn);
  emit('message_start', {
    message: {
      id: messageId,
      type: 'message',
      role: 'assistant',
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { ...usage, output_tokens: 1 },
    },
  });
  turn.blocks.forEach((block, index) => {
    const delta = (payload: Record<string, unknown>) =>
      emit('content_block_delta', { index, delta: payload });
    switch (block.type) {
      case 'text':
        emit('content_block_start', { index, content_block: { type: 'text', text: '' } });
        for (const piece of halves(block.text)) delta({ type: 'text_delta', text: piece });
        break;
      case 'thinking':
        emit('content_block_start', {
          index,
          content_block: { type: 'thinking', thinking: '', signature: '' },
        });
        for (const piece of halves(block.thinking))
          delta({ type: 'thinking_delta', thinking: piece });
        delta({ type: 'signature_delta', signature: 'fake-signature' });
        break;
      case 'tool_use':
        emit('content_block_start', {
          index,
          content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} },
        });
        for (const piece of halves(JSON.stringify(block.input)))
          delta({ type: 'input_json_delta', partial_json: piece });
        break;
    }
    if (!turn.hold || index < turn.blocks.length - 1) emit('content_block_stop', { index });
  });
  if (turn.hold) return events;
  emit('message_delta', {
    delta: { stop_reason: stopReasonOf(turn), stop_sequence: null },
    usage: { output_tokens: usage.output_tokens },
  });
  emit('message_stop');
  return events;
}

/** A text in two pieces (the second empty-free), as a stream would cut it. */
function halves(text: string): string[] {
  const middle = Math.ceil(text.length / 2);
  return [text.slice(0, middle), text.slice(middle)].filter((piece) => piece !== '');
}
