import { describe, expect, it } from 'vitest';
import { assertKnownServerLine } from '../__fixtures__/assert-known-server-line.js';
import { createUsageLedger } from '../usage/usage-ledger.js';
import { buildResult, type ResultFields, resultTexts, type TurnEnding } from './build-result.js';
import { createTurnStream } from './turn-stream.js';

// biome-ignore lint/suspicious/noExplicitAny: assertions read parsed wire lines loosely
type Line = Record<string, any>;

/** Serialises and parses a line as the client reads it; it must be a message core models, valid. */
function wire(line: Record<string, unknown>): Line {
  const parsed = JSON.parse(JSON.stringify(line));
  assertKnownServerLine(parsed);
  return parsed;
}

const emptyUsage = () => createUsageLedger().resultUsage('m');

function result(ending: TurnEnding, extra: Partial<ResultFields> = {}): Line {
  return wire(
    buildResult({
      sessionId: 'sess-1',
      uuid: 'uuid-r',
      ending,
      lastText: 'Done: probe',
      durationMs: 1234,
      usage: emptyUsage(),
      ...extra,
    }),
  );
}

describe('buildResult', () => {
  it('R-01 R-02 a normal completion has the real CLI field set and the last assistant text', () => {
    const line = result({ kind: 'completed', stopReason: 'end_turn' }, { numTurns: 2 });
    expect(line).toEqual({
      type: 'result',
      subtype: 'success',
      is_error: false,
      duration_ms: 1234,
      duration_api_ms: 1234,
      num_turns: 2,
      result: 'Done: probe',
      stop_reason: 'end_turn',
      session_id: 'sess-1',
      total_cost_usd: 0,
      usage: emptyUsage().usage,
      modelUsage: {},
      permission_denials: [],
      terminal_reason: 'completed',
      uuid: 'uuid-r',
    });
  });

  it('R-02 stop reasons other than refusal are forwarded verbatim as success; an empty one is end_turn', () => {
    expect(result({ kind: 'completed', stopReason: 'max_tokens' })).toMatchObject({
      subtype: 'success',
      is_error: false,
      stop_reason: 'max_tokens',
    });
    expect(result({ kind: 'completed', stopReason: '' }).stop_reason).toBe('end_turn');
    expect(
      result({ kind: 'completed', stopReason: 'pause' }, { lastText: undefined }),
    ).toMatchObject({
      subtype: 'success',
      result: '',
      stop_reason: 'pause',
    });
  });

  it('R-02 refusal is an error result', () => {
    expect(result({ kind: 'completed', stopReason: 'refusal' })).toMatchObject({
      subtype: 'error_during_execution',
      is_error: true,
      result: 'The agent refused to continue.',
      errors: ['The agent refused to continue.'],
      stop_reason: 'refusal',
    });
  });

  it('R-02 max_turn_requests ends like the real CLI’s error_max_turns', () => {
    expect(result({ kind: 'completed', stopReason: 'max_turn_requests' })).toMatchObject({
      subtype: 'error_max_turns',
      is_error: true,
      stop_reason: 'max_turn_requests',
      terminal_reason: 'max_turns',
      errors: [expect.any(String)],
    });
  });

  it('C-01 R-05 an interrupted stream ends error_during_execution / aborted_streaming with a null stop reason and no result text (scenario 48)', () => {
    const line = result({ kind: 'cancelled', duringTools: false });
    expect(line).toMatchObject({
      subtype: 'error_during_execution',
      is_error: true,
      stop_reason: null,
      terminal_reason: 'aborted_streaming',
      errors: ['[Request interrupted by user]'],
    });
    // no `result` text after an interrupt, as the real CLI (the partial answer is not one).
    expect(
      result({ kind: 'cancelled', duringTools: false }, { lastText: 'Counting: 1, ' }),
    ).not.toHaveProperty('result');
    expect(result({ kind: 'completed', stopReason: 'cancelled' })).toMatchObject({
      terminal_reason: 'aborted_streaming',
      is_error: true,
    });
  });

  it('PM-07 an interrupt during a pending tool ends aborted_tools and lists the denial', () => {
    const denial = {
      tool_name: 'Bash',
      tool_use_id: 'call_p',
      tool_input: { command: 'rm -rf b' },
    };
    expect(
      result({ kind: 'cancelled', duringTools: true }, { permissionDenials: [denial] }),
    ).toMatchObject({
      subtype: 'error_during_execution',
      stop_reason: 'tool_use',
      terminal_reason: 'aborted_tools',
      permission_denials: [denial],
    });
  });

  it('R-03 a prompt error carries the A-08 text in result and errors (scenario 46)', () => {
    const text = 'Internal error (code -32603): boom';
    expect(result({ kind: 'prompt-error', errorText: text })).toMatchObject({
      subtype: 'error_during_execution',
      is_error: true,
      result: text,
      errors: [text],
      stop_reason: null,
    });
  });

  it('R-04 H-20 a handshake failure ends with stop_reason handshake_failed', () => {
    expect(
      result({ kind: 'handshake-failed', reason: 'initialize failed: nope (code -32600)' }),
    ).toMatchObject({
      subtype: 'error_during_execution',
      is_error: true,
      result: 'initialize failed: nope (code -32600)',
      stop_reason: 'handshake_failed',
      terminal_reason: 'turn_setup_failed',
    });
  });

  it('R-04 PR-05 no session ends with stop_reason no_session', () => {
    expect(result({ kind: 'no-session' })).toMatchObject({
      is_error: true,
      result: resultTexts.noSession,
      stop_reason: 'no_session',
    });
    expect(result({ kind: 'no-session', reason: 'session/new failed' }).result).toBe(
      'session/new failed',
    );
  });

  it('R-04 X-01 an agent exit mid-turn ends with stop_reason process_exited (scenario 49)', () => {
    expect(result({ kind: 'agent-exited' })).toMatchObject({
      is_error: true,
      result: 'The agent process exited mid-turn.',
      stop_reason: 'process_exited',
    });
  });

  it('PR-02 an empty user message is answered with an error result instead of silence', () => {
    expect(result({ kind: 'empty-message' })).toMatchObject({
      subtype: 'error_during_execution',
      is_error: true,
      result: resultTexts.emptyMessage,
    });
  });

  it('R-01 every ending keeps the common fields and only error subtypes carry errors', () => {
    const endings: TurnEnding[] = [
      { kind: 'completed', stopReason: 'end_turn' },
      { kind: 'completed', stopReason: 'refusal' },
      { kind: 'cancelled', duringTools: false },
      { kind: 'cancelled', duringTools: true },
      { kind: 'prompt-error', errorText: 'x' },
      { kind: 'handshake-failed', reason: 'y' },
      { kind: 'no-session' },
      { kind: 'agent-exited' },
      { kind: 'empty-message' },
    ];
    for (const ending of endings) {
      const line = result(ending, { durationMs: 7 });
      expect(line).toMatchObject({ type: 'result', session_id: 'sess-1', uuid: 'uuid-r' });
      expect(line.duration_api_ms).toBe(7);
      expect(line.is_error).toBe(line.subtype !== 'success');
      expect('errors' in line).toBe(line.subtype !== 'success');
      expect(typeof line.terminal_reason).toBe('string');
      expect(line).toHaveProperty('stop_reason');
    }
  });

  it('ST-01 R-02 U-22 text chunks stream as deltas, fold into one assistant line, then the result (scenario 30)', () => {
    const lines: Line[] = [];
    let counter = 0;
    const ledger = createUsageLedger();
    ledger.startTurn();
    const stream = createTurnStream({
      includePartialMessages: true,
      emit: (event) => {
        if (event.type === 'client-message') lines.push(wire(event.message));
      },
      newId: () => `id-${++counter}`,
      context: () => ({
        sessionId: 'sess-1',
        model: 'm',
        usage: { ...ledger.assistantUsage() },
        outputTokens: ledger.turnOutputTokens(),
      }),
    });
    stream.text('Hel');
    stream.text('lo!');
    expect(lines.map((line) => line.type)).toEqual([
      'stream_event',
      'stream_event',
      'stream_event',
      'stream_event',
    ]);
    ledger.foldPromptResponse({
      stopReason: 'end_turn',
      usage: { inputTokens: 3, outputTokens: 5, totalTokens: 8 },
    });
    stream.endMessage('end_turn');
    lines.push(
      wire(
        buildResult({
          sessionId: 'sess-1',
          uuid: 'r',
          ending: { kind: 'completed', stopReason: 'end_turn' },
          lastText: stream.lastText(),
          durationMs: 10,
          usage: ledger.resultUsage('m'),
        }),
      ),
    );
    const assistant = lines.filter((line) => line.type === 'assistant');
    expect(assistant).toHaveLength(1);
    expect(assistant[0]?.message.content).toEqual([{ type: 'text', text: 'Hello!' }]);
    const last = lines.at(-1);
    expect(last).toMatchObject({
      type: 'result',
      subtype: 'success',
      result: 'Hello!',
      session_id: 'sess-1',
      usage: { input_tokens: 3, output_tokens: 5 },
      modelUsage: { m: { inputTokens: 3, outputTokens: 5 } },
    });
  });
});
