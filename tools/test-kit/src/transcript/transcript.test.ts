import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createNormalizer, normalizeLines } from './create-normalizer.js';
import {
  messagesOf,
  parseJsonLines,
  readTranscript,
  toJsonLines,
  writeTranscript,
} from './json-lines.js';
import { toTranscriptEntry } from './transcript-entry.js';

const fixture = new URL('./__fixtures__/handshake.transcript.jsonl', import.meta.url);
const directories: string[] = [];
const temporaryDirectory = () => {
  const directory = mkdtempSync(join(tmpdir(), 'test-kit-transcript-'));
  directories.push(directory);
  return directory;
};
afterEach(() => {
  for (const directory of directories.splice(0))
    rmSync(directory, { recursive: true, force: true });
});

describe('transcripts', () => {
  it('reads a transcript fixture with directions, messages and raw lines', () => {
    const entries = readTranscript(fixture);
    expect(entries.map((entry) => entry.direction)).toEqual([
      'bridge->agent',
      'agent->bridge',
      'bridge->agent',
      'agent->bridge',
      'agent->bridge',
      'bridge->client',
      'bridge->client',
    ]);
    expect(entries[4]).toEqual({
      direction: 'agent->bridge',
      raw: 'Please visit https://example.test/login',
    });
    expect(
      messagesOf(entries, 'bridge->agent').map((message) => (message as { method: string }).method),
    ).toEqual(['initialize', 'session/new']);
  });

  it('writes what it reads, line for line', () => {
    const file = join(temporaryDirectory(), 'copy.jsonl');
    writeTranscript(file, readTranscript(fixture));
    expect(readFileSync(file, 'utf8')).toBe(readFileSync(fixture, 'utf8'));
  });

  it('rejects a line that is not a transcript entry, naming it', () => {
    const file = join(temporaryDirectory(), 'bad.jsonl');
    writeFileSync(
      file,
      '{"direction":"bridge->agent","message":{}}\n{"direction":"sideways","message":{}}\n',
    );
    expect(() => readTranscript(file)).toThrow(/entry 2/);
  });

  it('parses plain JSONL, skipping blank lines and naming a bad line', () => {
    expect(parseJsonLines('{"a":1}\n\n[2]\n')).toEqual([{ a: 1 }, [2]]);
    expect(() => parseJsonLines('{"a":1}\n{oops\n')).toThrow(/line 2/);
    expect(toJsonLines([{ a: 1 }, 'x'])).toBe('{"a":1}\n"x"\n');
  });

  it('turns wire lines into entries, keeping non-JSON lines raw', () => {
    expect(toTranscriptEntry('agent->bridge', '{"id":1}')).toEqual({
      direction: 'agent->bridge',
      message: { id: 1 },
    });
    expect(toTranscriptEntry('agent->bridge', 'hello')).toEqual({
      direction: 'agent->bridge',
      raw: 'hello',
    });
  });
});

describe('createNormalizer', () => {
  it('replaces uuids, session ids, timestamps, durations and temp paths consistently', () => {
    const lines = readFileSync(fixture, 'utf8').trimEnd().split('\n');
    const normalized = normalizeLines(lines, { tempDirectories: ['/tmp'] }).map((line) =>
      JSON.parse(line),
    );
    expect(normalized[2].message.params.cwd).toBe('<tmp-1>/project');
    expect(normalized[3].message.result.sessionId).toBe('<session-1>');
    expect(normalized[5].message).toEqual({
      type: 'system',
      subtype: 'init',
      session_id: '<session-1>',
      uuid: '<uuid-1>',
      cwd: '<tmp-1>/project',
    });
    expect(normalized[6].message).toEqual({
      type: 'result',
      subtype: 'success',
      duration_ms: '<duration>',
      session_id: '<session-1>',
      uuid: '<uuid-2>',
      timestamp: '<timestamp-1>',
    });
  });

  it('normalises uuids inside text, pids, literals and non-JSON lines', () => {
    const normalizer = createNormalizer({ literals: { '/home/me/repo': '<repo>' } });
    expect(
      normalizer.value({
        text: 'run 0e6a7e43-95b1-4f7e-8a44-9b0d0d8f1c21 in /home/me/repo/src at 2026-01-02T03:04:05Z',
        pid: 4242,
        nested: [{ pgid: 4242 }],
      }),
    ).toEqual({
      text: 'run <uuid-1> in <repo>/src at <timestamp-1>',
      pid: '<pid-1>',
      nested: [{ pgid: '<pid-1>' }],
    });
    expect(normalizer.line('id 0e6a7e43-95b1-4f7e-8a44-9b0d0d8f1c21 again')).toBe(
      'id <uuid-1> again',
    );
  });

  it('numbers by first appearance: equal values share a placeholder, distinct ones never do (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.uuid(), { minLength: 1, maxLength: 8 }), (uuids) => {
        const lines = uuids.map((uuid) => JSON.stringify({ id: 1, text: `see ${uuid}` }));
        const normalized = normalizeLines(lines).map(
          (line) => JSON.parse(line) as { text: string },
        );
        const placeholders = normalized.map((entry) => entry.text.slice(4));
        for (let left = 0; left < uuids.length; left += 1) {
          for (let right = 0; right < uuids.length; right += 1) {
            expect(placeholders[left] === placeholders[right]).toBe(uuids[left] === uuids[right]);
          }
        }
        const firstSeen = [...new Set(uuids)].map((_, index) => `<uuid-${index + 1}>`);
        expect([...new Set(placeholders)]).toEqual(firstSeen);
      }),
    );
  });

  it('is idempotent (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.uuid(),
            fc.string(),
            fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
          ),
        ),
        (parts) => {
          const line = JSON.stringify({ sessionId: parts[0] ?? 's', text: parts.join(' ') });
          const once = normalizeLines([line]);
          expect(normalizeLines(once)).toEqual(once);
        },
      ),
    );
  });
});
