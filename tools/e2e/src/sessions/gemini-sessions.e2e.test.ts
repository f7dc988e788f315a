import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { SDKMessage, SessionStore } from '@anthropic-ai/claude-agent-sdk';
import {
  archiveSession,
  deleteSession,
  forkSession,
  getSessionInfo,
  getSessionMessages,
  importSessionToStore,
  listSessions,
  renameSession,
  tagSession,
} from '@anthropic-ai/claude-agent-sdk';
import { describe, expect, it } from 'vitest';
import { createScratchDirectory } from '../launch-agent.js';
import { createGeminiWorld } from '../through-cli/__fixtures__/create-cli-world.js';
import { useCliWorlds } from '../through-cli/__fixtures__/use-cli-worlds.js';
import { resultOf } from '../through-cli/__fixtures__/wire-queries.js';
import {
  projectDirectoryOf,
  transcriptLines,
  transcriptNames,
  withConfigDirectory,
} from './__fixtures__/session-files.js';

const worlds = useCliWorlds(createGeminiWorld);
const allow = async (_name: string, input: Record<string, unknown>) =>
  ({ behavior: 'allow', updatedInput: input }) as const;

/** The uuids of the assistant and user lines the SDK was streamed. */
const streamedUuids = (messages: readonly SDKMessage[]) =>
  messages.flatMap((message) =>
    (message.type === 'assistant' || message.type === 'user') && message.uuid ? [message.uuid] : [],
  );

/** A store that keeps what the SDK hands it, by session. */
function memoryStore() {
  const entries = new Map<string, unknown[]>();
  const store: SessionStore = {
    async append(key, lines) {
      const list = entries.get(key.sessionId) ?? [];
      list.push(...lines);
      entries.set(key.sessionId, list);
    },
    async load(key) {
      return (entries.get(key.sessionId) as never) ?? null;
    },
  };
  return { store, entries };
}

describe('sessions through agentbridge on Gemini CLI, read with the SDK’s session functions', () => {
  it('SN-01 SN-03 a two-turn conversation with a tool call lists, reads, renames, tags, forks, archives, imports and deletes', async () => {
    const { world, run } = await worlds.start({
      keepDirectories: true,
      query: { canUseTool: allow },
    });
    const target = join(world.directories.workDirectory, 'hello.txt');
    world.server.enqueueTurn({
      parts: [
        { functionCall: { name: 'write_file', args: { file_path: target, content: 'hi\n' } } },
      ],
    });
    world.server.enqueueTurn({ parts: [{ text: 'Wrote hello.txt.' }] });
    const first = await run.turn('Write hello.txt');
    world.server.enqueueTurn({ parts: [{ text: 'It holds hi.' }] });
    const second = await run.turn('What is in it?');
    const sessionId = resultOf(first).session_id;
    expect(resultOf(second).session_id).toBe(sessionId);
    await worlds.finishEarly(world);
    const dir = world.directories.workDirectory;

    // One transcript, named after the session, in Claude Code's place.
    expect(transcriptNames(world.directories)).toEqual([`${sessionId}.jsonl`]);
    const lines = transcriptLines(world.directories, sessionId);
    const conversation = lines.filter((line) => line.type === 'user' || line.type === 'assistant');
    expect(conversation.every((line) => line.sessionId === sessionId && line.cwd === dir)).toBe(
      true,
    );
    expect(conversation[0]).toMatchObject({ parentUuid: null, type: 'user' });
    // A chain: every entry hangs on the one before it.
    for (const [index, line] of conversation.entries())
      if (index > 0) expect(line.parentUuid).toBe(conversation[index - 1]?.uuid);
    expect(
      conversation.every((line) => (line.agentbridge as { backend: string }).backend === 'gemini'),
    ).toBe(true);

    await withConfigDirectory(world.directories, async () => {
      const listed = await listSessions({ dir });
      expect(listed.map((session) => session.sessionId)).toEqual([sessionId]);
      expect(listed[0]?.firstPrompt).toContain('Write hello.txt');
      expect(await getSessionInfo(sessionId, { dir })).toMatchObject({ sessionId });

      const messages = await getSessionMessages(sessionId, { dir });
      const shapes = messages.map((message) => {
        const content = (message.message as { content: { type: string }[] }).content;
        return `${message.type}:${content.map((block) => block.type).join(',')}`;
      });
      expect(shapes).toEqual([
        'user:text',
        'assistant:tool_use',
        'user:tool_result',
        'assistant:text',
        'user:text',
        'assistant:text',
      ]);
      // The uuids the SDK was streamed are the transcript's.
      const written = new Set(messages.map((message) => message.uuid));
      for (const uuid of streamedUuids([...first, ...second])) expect(written.has(uuid)).toBe(true);

      await renameSession(sessionId, 'Greeting file', { dir });
      await tagSession(sessionId, 'demo', { dir });
      const info = await getSessionInfo(sessionId, { dir });
      expect(info).toMatchObject({ customTitle: 'Greeting file', tag: 'demo' });

      const fork = await forkSession(sessionId, { dir });
      expect(fork.sessionId).not.toBe(sessionId);
      expect(await getSessionMessages(fork.sessionId, { dir })).toHaveLength(messages.length);

      const { store, entries } = memoryStore();
      await importSessionToStore(sessionId, store, { dir });
      expect((entries.get(sessionId) ?? []).length).toBeGreaterThanOrEqual(messages.length);

      await archiveSession(sessionId, { dir });
      const archivedPath = join(projectDirectoryOf(world.directories), sessionId, 'archived.json');
      expect(existsSync(archivedPath)).toBe(true);
      expect((await listSessions({ dir })).map((session) => session.sessionId)).toContain(
        sessionId,
      );

      await deleteSession(sessionId, { dir });
      const left = (await listSessions({ dir })).map((session) => session.sessionId);
      expect(left).toEqual([fork.sessionId]);
    });
  });

  it('SN-11 sessionStore: the SDK mirrors the transcript entries into the store as they are written', async () => {
    const { store, entries } = memoryStore();
    const directories = {
      homeDirectory: createScratchDirectory('sessions-store-home'),
      workDirectory: createScratchDirectory('sessions-store-work'),
    };
    // The SDK keys a mirrored file by its path under its own config directory: the world's.
    const { world, sessionId } = await withConfigDirectory(directories, async () => {
      const started = await worlds.start({
        world: { directories },
        keepDirectories: true,
        query: { sessionStore: store },
      });
      started.world.server.enqueueTurn({ parts: [{ text: 'Stored.' }] });
      const id = resultOf(await started.run.turn('Keep this.')).session_id;
      await worlds.finishEarly(started.world);
      return { world: started.world, sessionId: id };
    });
    const mirrored = (entries.get(sessionId) ?? []) as { type: string; uuid?: string }[];
    const written = transcriptLines(world.directories, sessionId).map((line) => line.uuid);
    expect(mirrored.filter((entry) => entry.uuid).map((entry) => entry.uuid)).toEqual(
      written.filter(Boolean),
    );
    expect(mirrored.map((entry) => entry.type)).toEqual(['user', 'assistant', 'last-prompt']);
  });

  it('SN-01 --no-session-persistence (persistSession: false) writes no transcript', async () => {
    const { world, run } = await worlds.start({
      keepDirectories: true,
      query: { persistSession: false },
    });
    world.server.enqueueTurn({ parts: [{ text: 'Not kept.' }] });
    await run.turn('Hello');
    await worlds.finishEarly(world);
    expect(existsSync(projectDirectoryOf(world.directories))).toBe(false);
  });
});
