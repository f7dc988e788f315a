import type {
  AssistantMessage,
  BridgeEvent,
  KnownServerMessage,
  StreamEventMessage,
} from '@agentbridge/core/contracts';
import type { ToolInput } from '../tools/build-tool-input.js';

/** What every line of a turn stream needs from the bridge at the moment it is emitted. */
type TurnStreamContext = {
  readonly sessionId: string;
  /** The model id shown on assistant messages (current model, or `''`). */
  readonly model: string;
  /** The `usage` of assistant messages (U-20). */
  readonly usage: AssistantMessage['message']['usage'];
  /** The output tokens reported so far in the turn, for `message_delta`. */
  readonly outputTokens: number;
};

/** Options of {@link createTurnStream}. */
type TurnStreamOptions = {
  /** `--include-partial-messages`: emit `stream_event` lines; without it only `assistant` lines. */
  readonly includePartialMessages: boolean;
  /** Receives each line as a `client-message` event. */
  readonly emit: (event: BridgeEvent) => void;
  /** A fresh unique id (line `uuid`s, and message ids as `msg_<id>`). */
  readonly newId: () => string;
  /** Read when a line needs it. */
  readonly context: () => TurnStreamContext;
};

/** A tool call announced to the client as a `tool_use` block. */
type ToolUseBlock = {
  readonly id: string;
  readonly name: string;
  readonly input: ToolInput;
};

type OpenMessage = {
  readonly id: string;
  /** Read once when the message starts: the hot path needs no context() call per chunk. */
  readonly sessionId: string;
  acpMessageId: string | undefined;
  nextIndex: number;
  /** `recent`: the latest chunks, joined into `text` 64 at a time (a few strings outlive a GC). */
  block:
    | { readonly kind: 'text' | 'thinking'; readonly index: number; text: string; recent: string[] }
    | undefined;
  /** The last block was a tool_use: text after it belongs to a new message. */
  endsWithToolUse: boolean;
};

/** The turn stream of one bridge (see {@link createTurnStream}). */
export type TurnStream = ReturnType<typeof createTurnStream>;

/**
 * Turns the agent's streamed text, thoughts and tool calls into the real Claude Code CLI's
 * sequence of lines (stream-json.md §4.3): per message `message_start`, per block
 * `content_block_start`, deltas, the block's complete `assistant` line, `content_block_stop`, then
 * `message_delta` and `message_stop`. Without partial messages only the `assistant` lines.
 */
export function createTurnStream(options: TurnStreamOptions) {
  const { includePartialMessages: partial, emit, newId, context } = options;
  const send = (message: KnownServerMessage): void => emit({ type: 'client-message', message });
  let open: OpenMessage | undefined;
  let lastText: string | undefined;
  let lastTextMessageId: string | undefined;

  const event = (message: OpenMessage | string, body: StreamEventMessage['event']): void => {
    send({
      type: 'stream_event',
      event: body,
      session_id: typeof message === 'string' ? message : message.sessionId,
      parent_tool_use_id: null,
      uuid: newId(),
    });
  };
  const messageBody = (
    id: string,
    current: TurnStreamContext,
    content: AssistantMessage['message']['content'],
  ) => ({
    id,
    type: 'message' as const,
    role: 'assistant' as const,
    model: current.model,
    content,
    stop_reason: null,
    stop_sequence: null,
    usage: { ...current.usage },
  });
  const assistantLine = (
    message: OpenMessage,
    block: AssistantMessage['message']['content'][number],
    aborted: boolean,
  ): void => {
    send({
      type: 'assistant',
      message: messageBody(message.id, context(), [block]),
      parent_tool_use_id: null,
      session_id: message.sessionId,
      uuid: newId(),
      ...(aborted ? { aborted: true } : {}),
    });
  };
  const startMessage = (acpMessageId: string | undefined): OpenMessage => {
    const current = context();
    const message: OpenMessage = {
      id: `msg_${newId()}`,
      sessionId: current.sessionId,
      acpMessageId,
      nextIndex: 0,
      block: undefined,
      endsWithToolUse: false,
    };
    if (partial)
      event(current.sessionId, {
        type: 'message_start',
        message: messageBody(message.id, current, []),
      });
    open = message;
    return message;
  };
  /** Emits the open block's assistant line (then `between`), then its content_block_stop. */
  const closeBlock = (
    message: OpenMessage,
    aborted: boolean,
    between?: KnownServerMessage,
  ): void => {
    const block = message.block;
    if (block !== undefined) {
      message.block = undefined;
      block.text += block.recent.join('');
      if (block.kind === 'text') {
        lastText = lastTextMessageId === message.id ? `${lastText ?? ''}${block.text}` : block.text;
        lastTextMessageId = message.id;
        assistantLine(message, { type: 'text', text: block.text }, aborted);
      } else {
        assistantLine(message, { type: 'thinking', thinking: block.text, signature: '' }, aborted);
      }
    }
    if (between !== undefined) send(between);
    if (block !== undefined && partial)
      event(message, { type: 'content_block_stop', index: block.index });
  };
  const finishMessage = (
    message: OpenMessage,
    stopReason: string | null,
    outputTokens?: number,
  ): void => {
    open = undefined;
    if (!partial) return;
    event(message, {
      type: 'message_delta',
      delta: { stop_reason: stopReason, stop_sequence: null },
      usage: { output_tokens: outputTokens ?? context().outputTokens },
      context_management: null,
    });
    event(message, { type: 'message_stop' });
  };
  /** The message a new text/thinking block belongs to, honouring ACP message ids. */
  const messageFor = (acpMessageId: string | undefined): OpenMessage => {
    const message = open;
    if (message === undefined) return startMessage(acpMessageId);
    const idChanged =
      acpMessageId !== undefined &&
      message.acpMessageId !== undefined &&
      acpMessageId !== message.acpMessageId;
    if (idChanged || message.endsWithToolUse) {
      closeBlock(message, false);
      finishMessage(message, message.endsWithToolUse ? 'tool_use' : null);
      return startMessage(acpMessageId);
    }
    message.acpMessageId ??= acpMessageId;
    return message;
  };
  const appendChunk = (
    kind: 'text' | 'thinking',
    chunk: string,
    acpMessageId: string | undefined,
  ): void => {
    const message = messageFor(acpMessageId);
    let block = message.block;
    if (block !== undefined && block.kind !== kind) {
      closeBlock(message, false);
      block = undefined;
    }
    if (block === undefined) {
      block = { kind, index: message.nextIndex++, text: '', recent: [] };
      message.block = block;
      if (partial)
        event(message, {
          type: 'content_block_start',
          index: block.index,
          content_block:
            kind === 'text'
              ? { type: 'text', text: '' }
              : { type: 'thinking', thinking: '', signature: '' },
        });
    }
    if (chunk === '') return;
    if (block.recent.push(chunk) === 64) {
      block.text += block.recent.join('');
      block.recent.length = 0;
    }
    if (partial)
      event(message, {
        type: 'content_block_delta',
        index: block.index,
        delta:
          kind === 'text'
            ? { type: 'text_delta', text: chunk }
            : { type: 'thinking_delta', thinking: chunk },
      });
  };

  return {
    /** ST-01: text (empty chunks ignored); a new ACP `messageId`, or text after a `tool_use`, starts a new message. */
    text(chunk: string, messageId?: string): void {
      if (chunk !== '') appendChunk('text', chunk, messageId);
    },
    /** ST-03: thinking; an empty chunk only opens the block. */
    thinking: (chunk: string, messageId?: string): void =>
      appendChunk('thinking', chunk, messageId),
    /** T-03: a complete `tool_use` block in the open message (or a new one). */
    toolUse(block: ToolUseBlock): void {
      const message = open ?? startMessage(undefined);
      closeBlock(message, false);
      const index = message.nextIndex++;
      message.endsWithToolUse = true;
      if (partial) {
        event(message, {
          type: 'content_block_start',
          index,
          content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} },
        });
        event(message, {
          type: 'content_block_delta',
          index,
          delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) },
        });
      }
      assistantLine(
        message,
        { type: 'tool_use', id: block.id, name: block.name, input: block.input },
        false,
      );
      if (partial) event(message, { type: 'content_block_stop', index });
    },
    /** Closes the open block and message (`message_delta` with `stopReason`); a no-op when none is open. */
    endMessage(stopReason: string | null, outputTokens?: number): void {
      if (open === undefined) return;
      const message = open;
      closeBlock(message, false);
      finishMessage(message, stopReason, outputTokens);
    },
    /** C-01: the open block's line is `aborted`, then `marker`, then the stop events with a null reason. */
    abort(marker?: KnownServerMessage): void {
      const message = open;
      if (message === undefined) {
        if (marker !== undefined) send(marker);
        return;
      }
      closeBlock(message, true, marker);
      finishMessage(message, null);
    },
    /** the result's text: the last assistant message that had text (its text blocks joined). */
    lastText(): string | undefined {
      const block = open?.block;
      if (open === undefined || block === undefined || block.kind !== 'text') return lastText;
      const text = block.text + block.recent.join('');
      return lastTextMessageId === open.id ? `${lastText ?? ''}${text}` : text;
    },
    hasOpenMessage: (): boolean => open !== undefined,
    /** A new client turn: ends any open message and forgets `lastText`. */
    startTurn(): void {
      if (open !== undefined) {
        const message = open;
        closeBlock(message, false);
        finishMessage(message, null);
      }
      lastText = undefined;
      lastTextMessageId = undefined;
    },
  };
}
