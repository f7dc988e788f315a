import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { handoverHistory } from './handover-history.js';
import { conversationChain, projectSlug, readTranscript } from './read-transcript.js';

const directory = mkdtempSync(join(tmpdir(), 'agentbridge-read-'));

describe('readTranscript', () => {
  it('SN-02 skips a torn last line and stray bytes, keeps every whole entry', () => {
    const path = join(directory, 'torn.jsonl');
    const whole = {
      type: 'user',
      uuid: 'u1',
      parentUuid: null,
      message: { role: 'user', content: 'hi' },
    };
    writeFileSync(path, `${JSON.stringify(whole)}\nnot json\n{"type":"assistant","uuid":"a1","par`);
    expect(readTranscript(path)).toEqual([whole]);
    expect(readTranscript(join(directory, 'missing.jsonl'))).toEqual([]);
  });

  it('SN-09 the chain walks parentUuid from the leaf, leaving a branch out', () => {
    const entry = (uuid: string, parentUuid: string | null) => ({
      type: 'user',
      uuid,
      parentUuid,
      message: { content: uuid },
    });
    const entries = [entry('a', null), entry('b', 'a'), entry('x', 'a'), entry('c', 'b')];
    expect(conversationChain(entries).map((item) => item.uuid)).toEqual(['a', 'b', 'c']);
    expect(conversationChain(entries, 'x').map((item) => item.uuid)).toEqual(['a', 'x']);
    expect(conversationChain(entries, 'nope')).toEqual([]);
  });

  it('SN-01 the project directory is the cwd with every non-alphanumeric character as "-"', () => {
    expect(projectSlug('/var/tmp/my_project.v2')).toBe('-var-tmp-my-project-v2');
  });
});

describe('handoverHistory', () => {
  it('SN-08 summarises tool calls and drops the oldest lines past the budget', () => {
    const chain = [
      { type: 'user', message: { content: 'old question' } },
      {
        type: 'assistant',
        message: { content: [{ type: 'tool_use', name: 'Bash', input: { command: 'ls' } }] },
      },
      {
        type: 'user',
        message: { content: [{ type: 'tool_result', content: 'x'.repeat(1000), is_error: true }] },
      },
      {
        type: 'assistant',
        message: {
          content: [
            { type: 'thinking', thinking: 'hidden' },
            { type: 'text', text: 'latest answer' },
          ],
        },
      },
    ];
    const full = handoverHistory(chain);
    expect(full).toContain('User: old question');
    expect(full).toContain('Assistant called the tool Bash: {"command":"ls"}');
    expect(full).toContain('Tool result (failed): ');
    expect(full).toContain('(1000 characters)');
    expect(full).not.toContain('hidden');
    const short = handoverHistory(chain, 300);
    expect(short.length).toBeLessThanOrEqual(300);
    expect(short).toContain('Assistant: latest answer');
    expect(short).not.toContain('old question');
    expect(short).toContain('earlier lines left out');
  });
});
