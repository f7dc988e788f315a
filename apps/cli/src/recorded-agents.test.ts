import { readdirSync } from 'node:fs';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { claudeAcpManifest } from '@agentbridge/backend-claude-acp';
import { codexManifest } from '@agentbridge/backend-codex';
import { geminiManifest } from '@agentbridge/backend-gemini';
import { qwenManifest } from '@agentbridge/backend-qwen';
import {
  isKnownServerMessage,
  type KnownServerMessage,
  type ServerMessage,
  serverMessageSchema,
} from '@agentbridge/core';
import { createLineWriter } from '@agentbridge/host-node';
import { describe, expect, it } from 'vitest';
import { replayRecording } from './__fixtures__/replay-recording.js';

/**
 * Every recording of a real agent (`tools/e2e/transcripts`, written by the real-agent suite) is
 * replayed through the bridge with that agent's manifest, as a fast golden: the bridge's whole
 * output is pinned in `__snapshots__/recorded/<recording>.outputs.jsonl`.
 */
const directory = new URL('../../../tools/e2e/transcripts/', import.meta.url);
const recordings = readdirSync(fileURLToPath(directory)).filter((name) => name.endsWith('.jsonl'));
const manifests = {
  gemini: geminiManifest,
  codex: codexManifest,
  qwen: qwenManifest,
  'claude-acp': claudeAcpManifest,
};

/** the bytes the CLI's line writer puts on stdout for `messages`. */
function writtenBytes(messages: readonly KnownServerMessage[]): string {
  const chunks: string[] = [];
  const output = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString('utf8'));
      callback();
    },
  });
  const writer = createLineWriter({ output, onCongested: () => {}, onDrained: () => {} });
  for (const message of messages) writer.write(message);
  writer.flush();
  return chunks.join('');
}

describe('real-agent recordings through the bridge', () => {
  it('finds the recordings', () => {
    expect(recordings.length).toBeGreaterThanOrEqual(20);
  });

  for (const name of recordings) {
    it(`${name}: one valid client line per output, one result per prompt, output pinned to the byte (X-18)`, async () => {
      const agent = Object.keys(manifests).find((id) => name.startsWith(`${id}-`));
      const manifest = manifests[agent as keyof typeof manifests];
      const { outputs, clientLines } = replayRecording(new URL(name, directory), manifest);
      for (const line of clientLines) {
        expect(serverMessageSchema.safeParse(line).success, JSON.stringify(line)).toBe(true);
        expect(isKnownServerMessage(line as ServerMessage), JSON.stringify(line)).toBe(true);
      }
      const prompts = outputs.filter((output) => output.message?.method === 'session/prompt');
      const results = clientLines.filter((line) => line.type === 'result');
      expect(results).toHaveLength(prompts.length);
      // The snapshot holds JSON.stringify of each line: the CLI writes exactly those bytes.
      const lines = clientLines as KnownServerMessage[];
      expect(writtenBytes(lines)).toBe(lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
      const text = outputs.map((output) => JSON.stringify(output)).join('\n');
      await expect(`${text}\n`).toMatchFileSnapshot(
        `./__snapshots__/recorded/${name.replace(/\.jsonl$/, '.outputs.jsonl')}`,
      );
    });
  }
});
