import { describe, expect, it } from 'vitest';
import { isKnownContentBlock } from './content-blocks.js';
import type { ServerMessage } from './parse-line.js';
import { isKnownServerMessage, serverMessageSchema } from './parse-line.js';
import { isKnownContentBlockDelta, isKnownStreamEvent } from './stream-events.js';

const envelope = { session_id: 's-1', parent_tool_use_id: null, uuid: 'u-1' };
const assistant = {
  type: 'assistant',
  ...envelope,
  message: {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    model: 'm',
    content: [{ type: 'text', text: 'hi' }],
    stop_reason: null,
  },
};

const pathsOf = (value: unknown) => {
  const result = serverMessageSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
};

describe('serverMessageSchema', () => {
  it('accepts a faithful assistant line and keeps unknown fields', () => {
    const line = { ...assistant, brand_new: 1 };
    expect(serverMessageSchema.parse(line)).toEqual(line);
  });

  it.each([
    ['an assistant without message', { type: 'assistant', ...envelope }, ['message']],
    ['an assistant without session_id', { ...assistant, session_id: undefined }, ['session_id']],
    ['a result without subtype', { type: 'result', is_error: false, session_id: 's' }, ['subtype']],
    [
      'a result with a non-boolean is_error',
      { type: 'result', subtype: 'success', result: '', is_error: 'no', session_id: 's' },
      ['is_error'],
    ],
    [
      'a system/init without tools',
      {
        type: 'system',
        subtype: 'init',
        session_id: 's',
        apiKeySource: 'none',
        claude_code_version: '0',
        cwd: '/',
        mcp_servers: [],
        model: 'm',
        permissionMode: 'default',
        slash_commands: [],
        output_style: 'default',
        skills: [],
        plugins: [],
      },
      ['tools'],
    ],
    [
      'a can_use_tool without tool_use_id',
      {
        type: 'control_request',
        request_id: 'r',
        request: { subtype: 'can_use_tool', tool_name: 'Bash', input: {} },
      },
      ['request.tool_use_id'],
    ],
    [
      'a stream_event whose text_delta has no text',
      {
        type: 'stream_event',
        ...envelope,
        event: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta' } },
      },
      ['event.delta.text'],
    ],
    [
      'a control_response error without error text',
      { type: 'control_response', response: { subtype: 'error', request_id: 'r' } },
      ['response.error'],
    ],
    ['a non-object', 'assistant', ['']],
  ])('rejects %s', (_name, value, expectedPaths) => {
    expect(pathsOf(value)).toEqual(expectedPaths);
  });

  it('accepts unknown types and subtypes', () => {
    for (const value of [
      { type: 'system', subtype: 'new_thing', session_id: 's' },
      { type: 'a_type_from_the_future' },
    ]) {
      expect(serverMessageSchema.safeParse(value).success).toBe(true);
    }
  });
});

describe('isKnown* guards', () => {
  it('tell modelled messages, blocks, events and deltas from unknown ones', () => {
    expect(isKnownServerMessage(assistant as ServerMessage)).toBe(true);
    expect(isKnownServerMessage({ type: 'system', subtype: 'status', status: null })).toBe(true);
    expect(isKnownServerMessage({ type: 'system', subtype: 'new_thing' })).toBe(false);
    expect(isKnownContentBlock({ type: 'tool_use', id: 't', name: 'Bash', input: {} })).toBe(true);
    expect(isKnownContentBlock({ type: 'web_search_tool_result' })).toBe(false);
    expect(isKnownStreamEvent({ type: 'message_stop' })).toBe(true);
    expect(isKnownStreamEvent({ type: 'ping' })).toBe(false);
    expect(isKnownContentBlockDelta({ type: 'input_json_delta', partial_json: '{' })).toBe(true);
    expect(isKnownContentBlockDelta({ type: 'compaction_delta' })).toBe(false);
  });
});
