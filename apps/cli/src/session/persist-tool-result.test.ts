import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KnownServerMessage } from '@agentbridge/core';
import { describe, expect, it } from 'vitest';
import { createTranscriptWriter } from './transcript-writer.js';

const message = (value: unknown) => value as KnownServerMessage;
const lines = (path: string) =>
  readFileSync(path, 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line));

/** One tool call of `name` whose result is `content` (and `toolUseResult`), written to a transcript. */
function writeToolCall(name: string, content: unknown, toolUseResult?: unknown) {
  const directory = mkdtempSync(join(tmpdir(), 'agentbridge-large-'));
  let counter = 0;
  const writer = createTranscriptWriter({
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
  });
  writer.sent(message({ type: 'system', subtype: 'init', session_id: 's1' }));
  writer.sent(
    message({
      type: 'assistant',
      parent_tool_use_id: null,
      message: {
        id: 'm',
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'toolu_1', name, input: {} }],
      },
    }),
  );
  writer.sent(
    message({
      type: 'user',
      parent_tool_use_id: null,
      message: {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content }],
      },
      tool_use_result: toolUseResult,
    }),
  );
  writer.close();
  const entry = lines(join(directory, 's1.jsonl')).at(-1);
  return { directory, entry, block: entry.message.content[0] };
}

describe('large tool results stored as Claude Code stores them', () => {
  it('SN-14 a Bash output over 30 000 characters goes to <session>/tool-results/<tool use id>.txt, the transcript keeps a 2KB preview', () => {
    const output = `${'x'.repeat(1500)}\n${'y'.repeat(98_499)}`;
    const { directory, entry, block } = writeToolCall('Bash', output, {
      stdout: output,
      stderr: '',
      interrupted: false,
    });
    const path = join(directory, 's1', 'tool-results', 'toolu_1.txt');
    expect(readFileSync(path, 'utf8')).toBe(output);
    // The preview ends at the last line break of the first 2 000 characters, as Claude Code's does.
    expect(block.content).toBe(
      `<persisted-output>\nOutput too large (97.7KB). Full output saved to: ${path}\n\nPreview (first 2KB):\n${'x'.repeat(1500)}\n...\n</persisted-output>`,
    );
    expect(entry.toolUseResult).toEqual({
      stdout: output.slice(0, 30_000),
      stderr: '',
      interrupted: false,
      persistedOutputPath: path,
      persistedOutputSize: 100_000,
    });
  });

  it('SN-14 other tools persist over 50 000 characters (text blocks as .json); Read and smaller results stay inline', () => {
    const blocks = [{ type: 'text', text: 'z'.repeat(60_000) }];
    const grep = writeToolCall('Grep', blocks);
    const path = join(grep.directory, 's1', 'tool-results', 'toolu_1.json');
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(blocks);
    expect(grep.block.content).toMatch(/^<persisted-output>\nOutput too large \(58\.6KB\)/);
    expect(grep.block.content).toContain(`Preview (first 2KB):\n[\n  {\n`);
    expect(grep.entry.toolUseResult).toBe(grep.block.content);

    const read = writeToolCall('Read', 'r'.repeat(200_000));
    expect(read.block.content).toHaveLength(200_000);
    expect(existsSync(join(read.directory, 's1'))).toBe(false);
    const small = writeToolCall('Bash', 'b'.repeat(30_000));
    expect(small.block.content).toHaveLength(30_000);
    const image = writeToolCall('Bash', [
      { type: 'image', source: {} },
      { type: 'text', text: 'i'.repeat(90_000) },
    ]);
    expect(image.block.content).toHaveLength(2);
  });
});
