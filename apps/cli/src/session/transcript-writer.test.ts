import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KnownServerMessage } from '@agentbridge/core';
import { describe, expect, it } from 'vitest';
import { createTranscriptWriter } from './transcript-writer.js';

function writerIn(
  directory: string,
  extra: Partial<Parameters<typeof createTranscriptWriter>[0]> = {},
) {
  let counter = 0;
  return createTranscriptWriter({
    directory,
    cwd: '/proj',
    version: '1.0.0',
    gitBranch: 'main',
    entrypoint: 'sdk-ts',
    backendId: 'gemini',
    now: () => new Date(0),
    newUuid: () => `uuid-${++counter}`,
    onError: (error) => {
      throw error;
    },
    ...extra,
  });
}
const read = (path: string) =>
  readFileSync(path, 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line));
const message = (value: unknown) => value as KnownServerMessage;

describe('createTranscriptWriter', () => {
  it('SN-01 prompt, assistant blocks and tool results, chained, once the session id is known', () => {
    const directory = mkdtempSync(join(tmpdir(), 'agentbridge-writer-'));
    const writer = writerIn(directory);
    writer.agentSession('agent-1');
    writer.prompt({
      type: 'user',
      message: { role: 'user', content: 'hi' },
      parent_tool_use_id: null,
      session_id: '',
    } as never);
    writer.sent(message({ type: 'system', subtype: 'init', session_id: 's1' }));
    writer.sent(
      message({
        type: 'assistant',
        uuid: 'a1',
        parent_tool_use_id: null,
        message: {
          id: 'msg_1',
          role: 'assistant',
          content: [
            { type: 'text', text: 'ok' },
            { type: 'tool_use', id: 't1', name: 'Bash', input: {} },
          ],
        },
      }),
    );
    writer.sent(
      message({
        type: 'user',
        uuid: 'r1',
        parent_tool_use_id: null,
        message: {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 't1', content: 'done' }],
        },
        tool_use_result: { stdout: 'done' },
      }),
    );
    writer.sent(message({ type: 'result', subtype: 'success' }));
    writer.close();
    const lines = read(join(directory, 's1.jsonl'));
    expect(lines.map((line) => [line.type, line.uuid, line.parentUuid])).toEqual([
      ['user', 'uuid-1', null],
      ['assistant', 'a1', 'uuid-1'],
      ['assistant', 'uuid-2', 'a1'],
      ['user', 'r1', 'uuid-2'],
      ['last-prompt', undefined, undefined],
    ]);
    expect(lines[0]).toMatchObject({
      sessionId: 's1',
      cwd: '/proj',
      gitBranch: 'main',
      version: '1.0.0',
      userType: 'external',
      isSidechain: false,
      message: { content: [{ type: 'text', text: 'hi' }] },
      agentbridge: { backend: 'gemini', agentSessionId: 'agent-1' },
    });
    expect(lines[2].message).toMatchObject({
      id: 'msg_1',
      content: [{ type: 'tool_use', id: 't1' }],
    });
    expect(lines[3]).toMatchObject({
      toolUseResult: { stdout: 'done' },
      sourceToolAssistantUUID: 'uuid-2',
    });
    expect(lines[4]).toMatchObject({ lastPrompt: 'hi', leafUuid: 'r1', sessionId: 's1' });
  });

  it('SN-02 SN-07 an existing transcript with a torn last line is closed, then appended to on its chain', () => {
    const directory = mkdtempSync(join(tmpdir(), 'agentbridge-writer-'));
    writeFileSync(join(directory, 'conv.jsonl'), '{"type":"user","uuid":"old"}\n{"type":"assis');
    const writer = writerIn(directory, { sessionId: 'conv', parentUuid: 'old' });
    writer.prompt({
      type: 'user',
      message: { role: 'user', content: 'again' },
      parent_tool_use_id: null,
      session_id: '',
    } as never);
    writer.close();
    const text = readFileSync(join(directory, 'conv.jsonl'), 'utf8').split('\n');
    expect(text[1]).toBe('{"type":"assis');
    expect(JSON.parse(text[2] ?? '')).toMatchObject({ parentUuid: 'old', sessionId: 'conv' });
  });

  it('SN-09 a fork starts its transcript with the seed, under the new id', () => {
    const directory = mkdtempSync(join(tmpdir(), 'agentbridge-writer-'));
    const seed = [
      { type: 'user', uuid: 'u0', parentUuid: null, sessionId: 'old', message: { content: 'x' } },
    ];
    const writer = writerIn(directory, { seed });
    writer.prompt({
      type: 'user',
      message: { role: 'user', content: 'next' },
      parent_tool_use_id: null,
      session_id: '',
    } as never);
    writer.sent(message({ type: 'system', subtype: 'init', session_id: 'fork-1' }));
    writer.close();
    const lines = read(join(directory, 'fork-1.jsonl'));
    expect(lines.map((line) => [line.uuid, line.parentUuid, line.sessionId])).toEqual([
      ['u0', null, 'fork-1'],
      ['uuid-1', 'u0', 'fork-1'],
    ]);
  });
});
