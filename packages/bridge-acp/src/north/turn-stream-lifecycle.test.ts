import { describe, expect, it } from 'vitest';
import { harness, labels } from './__fixtures__/turn-stream-harness.js';
import { buildInterruptionMarker } from './client-lines.js';

describe('createTurnStream', () => {
  it('C-01 abort marks the open block aborted, places the interruption marker, then stops with a null reason', () => {
    const { stream, lines } = harness(true);
    stream.text('Thinking slowly');
    stream.abort(
      buildInterruptionMarker({ sessionId: 'sess-1', uuid: 'marker', forToolUse: false }),
    );
    expect(labels(lines)).toEqual([
      'message_start',
      'start:0:text',
      'text_delta:0:Thinking slowly',
      'assistant:text:Thinking slowly:aborted',
      'user',
      'stop:0',
      'message_delta:null',
      'message_stop',
    ]);
    expect(lines[4]?.message.content).toEqual([
      { type: 'text', text: '[Request interrupted by user]' },
    ]);
    expect(stream.hasOpenMessage()).toBe(false);
  });

  it('C-01 abort with nothing open only writes the marker', () => {
    const { stream, lines } = harness(true);
    const marker = buildInterruptionMarker({ sessionId: 'sess-1', uuid: 'm', forToolUse: true });
    stream.abort(marker);
    stream.abort();
    expect(lines).toEqual([marker]);
  });

  it('R-02 lastText is the text of the last message that had text; startTurn forgets it', () => {
    const { stream } = harness(false);
    expect(stream.lastText()).toBeUndefined();
    stream.text('Running a command.');
    expect(stream.lastText()).toBe('Running a command.');
    stream.toolUse({ id: 'c', name: 'Bash', input: { command: 'echo probe' } });
    stream.endMessage('tool_use');
    expect(stream.lastText()).toBe('Running a command.');
    stream.text('Done: ');
    stream.text('probe');
    expect(stream.lastText()).toBe('Done: probe');
    stream.endMessage('end_turn');
    expect(stream.lastText()).toBe('Done: probe');
    stream.startTurn();
    expect(stream.lastText()).toBeUndefined();
  });

  it('ST-07 the stream has no turn gating: chunks after a closed message open a new one', () => {
    const { stream, lines } = harness(false);
    stream.text('in turn');
    stream.endMessage('end_turn');
    stream.text('late');
    stream.endMessage(null);
    const ids = lines.map((line) => line.message.id);
    expect(lines.map((line) => line.message.content[0].text)).toEqual(['in turn', 'late']);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('ST-06 hasOpenMessage follows the first block and endMessage; endMessage with nothing open is a no-op', () => {
    const { stream, lines } = harness(true);
    expect(stream.hasOpenMessage()).toBe(false);
    stream.endMessage('end_turn');
    expect(lines).toEqual([]);
    stream.text('x');
    expect(stream.hasOpenMessage()).toBe(true);
    stream.endMessage('end_turn');
    expect(stream.hasOpenMessage()).toBe(false);
  });
});
