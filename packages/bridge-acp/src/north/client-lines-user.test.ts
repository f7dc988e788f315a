import { describe, expect, it } from 'vitest';
import { identity, wire } from '../__fixtures__/wire.js';
import { buildInterruptionMarker, buildToolResult, buildUserReplay } from './client-lines.js';

describe('client lines', () => {
  it('PR-03 the replay echo is a user line with isReplay true and the text as one block', () => {
    expect(wire(buildUserReplay({ ...identity, content: 'look here' }))).toEqual({
      type: 'user',
      message: { role: 'user', content: [{ type: 'text', text: 'look here' }] },
      parent_tool_use_id: null,
      session_id: 'sess-1',
      uuid: 'uuid-1',
      isReplay: true,
    });
    const blocks = [
      { type: 'text', text: 'a' },
      { type: 'image', source: { type: 'base64' } },
    ];
    expect(wire(buildUserReplay({ ...identity, content: blocks })).message.content).toEqual(blocks);
  });

  it('T-30 a tool_result line carries the call id, a string content and is_error', () => {
    expect(
      wire(
        buildToolResult({ ...identity, toolUseId: 'call_1', content: 'total 0', isError: false }),
      ),
    ).toEqual({
      type: 'user',
      message: {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'call_1', content: 'total 0', is_error: false },
        ],
      },
      parent_tool_use_id: null,
      session_id: 'sess-1',
      uuid: 'uuid-1',
    });
  });

  it('T-30 T-22 a tool_result with pictures carries block content and the structured output', () => {
    const image = {
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: 'AAAA' },
    };
    const line = wire(
      buildToolResult({
        ...identity,
        toolUseId: 'call_2',
        content: [{ type: 'text', text: 'shot' }, image],
        isError: true,
        toolUseResult: { exitCode: 1 },
      }),
    );
    expect(line.message.content[0]).toEqual({
      type: 'tool_result',
      tool_use_id: 'call_2',
      content: [{ type: 'text', text: 'shot' }, image],
      is_error: true,
    });
    expect(line.tool_use_result).toEqual({ exitCode: 1 });
    expect(line).not.toHaveProperty('isReplay');
  });

  it('C-01 the interruption markers use the real CLI texts', () => {
    expect(wire(buildInterruptionMarker({ ...identity, forToolUse: false })).message).toEqual({
      role: 'user',
      content: [{ type: 'text', text: '[Request interrupted by user]' }],
    });
    expect(
      wire(buildInterruptionMarker({ ...identity, forToolUse: true })).message.content[0].text,
    ).toBe('[Request interrupted by user for tool use]');
  });
});
