/** What every line of a turn stream needs from the bridge at the moment it is emitted. */
export type TurnStreamContext = {
  readonly sessionId: string;
  /** The model id shown on assistant messages (current model, or `''`). */
  readonly model: string;
  /** The `usage` of assistant messages (U-20: the ledger's `assistantUsage()`). */
  readonly usage: Readonly<Record<string, number | undefined>>;
  /** The output tokens reported so far in the turn (the ledger's `turnOutputTokens()`), for `message_delta`. */
  readonly outputTokens: number;
};

/** Options of {@link createTurnStream}. */
export type TurnStreamOptions = {
  /** `--include-partial-messages`: emit `stream_event` lines; without it only `assistant` lines. */
  readonly includePartialMessages: boolean;
  /** Receives each client line as an object (the caller serialises it). */
  readonly emit: (message: Record<string, unknown>) => void;
  /** A fresh unique id (line `uuid`s, and message ids as `msg_<id>`). */
  readonly newId: () => string;
  /** Read once per emitted line. */
  readonly context: () => TurnStreamContext;
};

/** A tool call announced to the client as a `tool_use` block. */
export type ToolUseBlock = {
  readonly id: string;
  readonly name: string;
  readonly input: Record<string, unknown>;
};

/**
 * Turns the agent's streamed text, thoughts and tool calls into the real Claude Code CLI's
 * sequence of client lines (stream-json.md §4.3): per message `message_start`, per block
 * `content_block_start`, deltas, the block's complete `assistant` line, `content_block_stop`,
 * then `message_delta` and `message_stop`. Without partial messages only the `assistant` lines.
 */
export interface TurnStream {
  /**
   * ST-01: a chunk of assistant text. Empty chunks are ignored. A different `messageId` than the
   * open message's starts a new message; text after a `tool_use` block starts a new message too.
   */
  text(chunk: string, messageId?: string): void;
  /** ST-03: a chunk of thinking. An empty chunk only opens the thinking block. */
  thinking(chunk: string, messageId?: string): void;
  /**
   * T-03: a complete `tool_use` block in the open message (or a new one). Call
   * `endMessage('tool_use')` before emitting the call's `tool_result`, as the real CLI does.
   */
  toolUse(block: ToolUseBlock): void;
  /**
   * Closes the open block and message (`message_delta` with `stopReason`, `message_stop`). No-op
   * when none is open. `message_delta.usage.output_tokens` is `outputTokens` when given (the
   * turn's output including the answer that ends the message), else the context's `outputTokens`.
   */
  endMessage(stopReason: string | null, outputTokens?: number): void;
  /**
   * An interrupted stream: the open block's `assistant` line carries `aborted: true`, then
   * `interruptionLine` (if given, the "[Request interrupted by user]" user line), then the stop
   * events with `stop_reason: null`. With nothing open only `interruptionLine` is emitted.
   */
  abort(interruptionLine?: Record<string, unknown>): void;
  /**
   * The result's `result`: the text of the last assistant message that had text (its text
   * blocks joined, the open one included), as the real CLI reports the last message's text.
   */
  lastText(): string | undefined;
  /** Whether a message is open (a block was emitted and `endMessage`/`abort` not yet called). */
  hasOpenMessage(): boolean;
  /** Forgets `lastText` for a new client turn (any open message is ended first with `null`). */
  startTurn(): void;
}

type OpenBlock = { kind: 'text' | 'thinking'; index: number; text: string };

type OpenMessage = {
  id: string;
  /** Read once when the message starts: the hot path needs no context() call per chunk. */
  sessionId: string;
  acpMessageId: string | undefined;
  nextIndex: number;
  block: OpenBlock | undefined;
  /** The last completed block was a tool_use: text after it belongs to a new message. */
  endsWithToolUse: boolean;
};

/** Creates a {@link TurnStream} writing to `options.emit`. */
export function createTurnStream(options: TurnStreamOptions): TurnStream {
  const { includePartialMessages: partial, emit, newId, context } = options;
  let open: OpenMessage | undefined;
  let lastText: string | undefined;
  /** The message `lastText` belongs to. */
  let lastTextMessageId: string | undefined;

  const streamEvent = (event: Record<string, unknown>, sessionId: string): void => {
    emit({
      type: 'stream_event',
      event,
      session_id: sessionId,
      parent_tool_use_id: null,
      uuid: newId(),
    });
  };

  const assistantLine = (
    message: OpenMessage,
    block: Record<string, unknown>,
    current: TurnStreamContext,
    aborted: boolean,
  ): void => {
    const line: Record<string, unknown> = {
      type: 'assistant',
      message: {
        id: message.id,
        type: 'message',
        role: 'assistant',
        model: current.model,
        content: [block],
        stop_reason: null,
        stop_sequence: null,
        usage: { ...current.usage },
      },
      parent_tool_use_id: null,
      session_id: message.sessionId,
      uuid: newId(),
    };
    if (aborted) line.aborted = true;
    emit(line);
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
    if (partial) {
      streamEvent(
        {
          type: 'message_start',
          message: {
            id: message.id,
            type: 'message',
            role: 'assistant',
            model: current.model,
            content: [],
            stop_reason: null,
            stop_sequence: null,
            usage: { ...current.usage },
          },
        },
        current.sessionId,
      );
    }
    open = message;
    return message;
  };

  /** Emits the open block's assistant line, then its content_block_stop. */
  const closeBlock = (
    message: OpenMessage,
    aborted: boolean,
    between?: Record<string, unknown>,
  ): void => {
    const block = message.block;
    if (block === undefined) {
      if (between) emit(between);
      return;
    }
    message.block = undefined;
    const current = context();
    if (block.kind === 'text') {
      lastText = lastTextMessageId === message.id ? `${lastText ?? ''}${block.text}` : block.text;
      lastTextMessageId = message.id;
      assistantLine(message, { type: 'text', text: block.text }, current, aborted);
    } else {
      assistantLine(
        message,
        { type: 'thinking', thinking: block.text, signature: '' },
        current,
        aborted,
      );
    }
    if (between) emit(between);
    if (partial) streamEvent({ type: 'content_block_stop', index: block.index }, message.sessionId);
  };

  const finishMessage = (
    message: OpenMessage,
    stopReason: string | null,
    outputTokens?: number,
  ): void => {
    open = undefined;
    if (!partial) return;
    const sessionId = message.sessionId;
    streamEvent(
      {
        type: 'message_delta',
        delta: { stop_reason: stopReason, stop_sequence: null },
        usage: { output_tokens: outputTokens ?? context().outputTokens },
        context_management: null,
      },
      sessionId,
    );
    streamEvent({ type: 'message_stop' }, sessionId);
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
    if (message.acpMessageId === undefined) message.acpMessageId = acpMessageId;
    return message;
  };

  const appendChunk = (
    kind: OpenBlock['kind'],
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
      block = { kind, index: message.nextIndex, text: '' };
      message.nextIndex += 1;
      message.block = block;
      if (partial) {
        streamEvent(
          {
            type: 'content_block_start',
            index: block.index,
            content_block:
              kind === 'text'
                ? { type: 'text', text: '' }
                : { type: 'thinking', thinking: '', signature: '' },
          },
          message.sessionId,
        );
      }
    }
    if (chunk === '') return;
    block.text += chunk;
    if (partial) {
      // The hot path: one object literal per chunk, nothing copied.
      emit({
        type: 'stream_event',
        event: {
          type: 'content_block_delta',
          index: block.index,
          delta:
            kind === 'text'
              ? { type: 'text_delta', text: chunk }
              : { type: 'thinking_delta', thinking: chunk },
        },
        session_id: message.sessionId,
        parent_tool_use_id: null,
        uuid: newId(),
      });
    }
  };

  return {
    text(chunk, messageId) {
      if (chunk === '') return;
      appendChunk('text', chunk, messageId);
    },

    thinking(chunk, messageId) {
      appendChunk('thinking', chunk, messageId);
    },

    toolUse(block) {
      let message = open;
      if (message === undefined) message = startMessage(undefined);
      else closeBlock(message, false);
      const index = message.nextIndex;
      message.nextIndex += 1;
      message.endsWithToolUse = true;
      if (partial) {
        streamEvent(
          {
            type: 'content_block_start',
            index,
            content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} },
          },
          message.sessionId,
        );
        streamEvent(
          {
            type: 'content_block_delta',
            index,
            delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) },
          },
          message.sessionId,
        );
      }
      assistantLine(
        message,
        { type: 'tool_use', id: block.id, name: block.name, input: block.input },
        context(),
        false,
      );
      if (partial) streamEvent({ type: 'content_block_stop', index }, message.sessionId);
    },

    endMessage(stopReason, outputTokens) {
      const message = open;
      if (message === undefined) return;
      closeBlock(message, false);
      finishMessage(message, stopReason, outputTokens);
    },

    abort(interruptionLine) {
      const message = open;
      if (message === undefined) {
        if (interruptionLine) emit(interruptionLine);
        return;
      }
      closeBlock(message, true, interruptionLine);
      finishMessage(message, null);
    },

    lastText() {
      const message = open;
      const block = message?.block;
      if (message === undefined || block === undefined || block.kind !== 'text') return lastText;
      return lastTextMessageId === message.id ? `${lastText ?? ''}${block.text}` : block.text;
    },

    hasOpenMessage: () => open !== undefined,

    startTurn() {
      const message = open;
      if (message !== undefined) {
        closeBlock(message, false);
        finishMessage(message, null);
      }
      lastText = undefined;
      lastTextMessageId = undefined;
    },
  };
}
