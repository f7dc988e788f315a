import { describe, expect, it } from 'vitest';
import { collect, createFakeTransport, turn } from './__fixtures__/fake-transport.js';
import { runPrint } from './run-modes.js';

describe('runPrint (stream-json.md §7)', () => {
  it.each([
    ['text', ['Hello']],
    [
      'json',
      [{ type: 'result', subtype: 'success', is_error: false, result: 'Hello', session_id: 's1' }],
    ],
    [
      'stream-json',
      [
        { type: 'system', subtype: 'init', session_id: 's1' },
        {
          type: 'assistant',
          message: { content: [{ type: 'text', text: 'Hello' }] },
          session_id: 's1',
        },
        { type: 'result', subtype: 'success', is_error: false, result: 'Hello', session_id: 's1' },
      ],
    ],
  ] as const)('--output-format %s', async (outputFormat, expected) => {
    const transport = createFakeTransport(turn);
    const stdout = collect();
    const outcome = await runPrint({
      transport,
      prompt: 'say hi',
      outputFormat,
      stdout: stdout.stream,
    });
    const lines = stdout.lines();
    expect(outputFormat === 'text' ? lines : lines.map((line) => JSON.parse(line))).toEqual(
      expected,
    );
    expect(outcome.result).toMatchObject({ type: 'result', is_error: false });
    expect(JSON.parse(transport.clientLines[0] as string)).toEqual({
      type: 'user',
      message: { role: 'user', content: 'say hi' },
      parent_tool_use_id: null,
      session_id: '',
    });
    // The permission request had no one to ask: it was answered with an error.
    expect(JSON.parse(transport.clientLines[1] as string)).toEqual({
      type: 'control_response',
      response: {
        subtype: 'error',
        request_id: 'perm-1',
        error: 'agentbridge print mode has no interactive client',
      },
    });
    expect(transport.calls).toEqual(['start', 'endClientInput']);
  });

  it('returns no result when the process dies first', async () => {
    const transport = createFakeTransport(() => transport.crash(1));
    const outcome = await runPrint({
      transport,
      prompt: 'x',
      outputFormat: 'text',
      stdout: collect().stream,
    });
    expect(outcome.result).toBeUndefined();
    expect(outcome.exit.code).toBe(1);
  });
});
