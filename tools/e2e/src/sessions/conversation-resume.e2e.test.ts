import { randomUUID } from 'node:crypto';
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SDKMessage } from '@anthropic-ai/claude-agent-sdk';
import { getSessionMessages, listSessions } from '@anthropic-ai/claude-agent-sdk';
import { describe, expect, it } from 'vitest';
import { backdateGeminiChats } from '../launch-gemini.js';
import {
  createCodexWorld,
  createGeminiWorld,
} from '../through-cli/__fixtures__/create-cli-world.js';
import { findWorldProcesses } from '../through-cli/__fixtures__/find-world-processes.js';
import { useCliWorlds } from '../through-cli/__fixtures__/use-cli-worlds.js';
import { resultOf } from '../through-cli/__fixtures__/wire-queries.js';
import {
  forgetConnections,
  projectDirectoryOf,
  transcriptLines,
  transcriptNames,
  withConfigDirectory,
} from './__fixtures__/session-files.js';

const gemini = useCliWorlds(createGeminiWorld);
const codex = useCliWorlds(createCodexWorld);

/** The texts of the messages `getSessionMessages` returns, as `role: text`. */
async function historyOf(
  directories: { workDirectory: string; homeDirectory: string },
  sessionId: string,
) {
  return withConfigDirectory(directories, async () => {
    const messages = await getSessionMessages(sessionId, { dir: directories.workDirectory });
    return messages.map((message) => {
      const content = (message.message as { content: string | { type: string; text?: string }[] })
        .content;
      const text =
        typeof content === 'string'
          ? content
          : content.map((block) => block.text ?? `[${block.type}]`).join('');
      return `${message.type}: ${text}`;
    });
  });
}

const handedOver = (messages: readonly SDKMessage[]) =>
  messages.filter(
    (message) =>
      message.type === 'system' && JSON.stringify(message).includes('handed over as context'),
  );

/** A two-turn Gemini conversation, its directories kept for the next process. */
async function geminiConversation() {
  const { world, run } = await gemini.start({ keepDirectories: true });
  world.server.enqueueTurn({ parts: [{ text: 'The secret word is PAPAYA.' }] });
  const sessionId = resultOf(await run.turn('Remember the secret word PAPAYA.')).session_id;
  world.server.enqueueTurn({ parts: [{ text: 'Noted: blue.' }] });
  await run.turn('My colour is blue.');
  await gemini.finishEarly(world);
  return { directories: world.directories, sessionId };
}

describe('a conversation that carries over: resume on another agent, branch, fork, unknown ids, crashes', () => {
  it('SN-07 SN-08 --resume of a Gemini conversation on codex-acp hands it over and keeps one transcript', async () => {
    const { directories, sessionId } = await geminiConversation();
    forgetConnections(directories);
    const { world, run } = await codex.start({
      world: { directories },
      keepDirectories: true,
      query: { resume: sessionId },
    });
    world.server.enqueueTurn({ items: [{ type: 'message', deltas: ['It was PAPAYA.'] }] });
    const messages = await run.turn('What was the secret word?');
    // No reopen on codex (the session is Gemini's): a new session with the history.
    expect([...world.sent('session/load'), ...world.sent('session/resume')]).toEqual([]);
    expect(world.sent('session/new')).toHaveLength(1);
    expect(resultOf(messages)).toMatchObject({
      subtype: 'success',
      result: 'It was PAPAYA.',
      session_id: sessionId,
    });
    expect(handedOver(messages)).toHaveLength(1);
    const request = JSON.stringify(world.server.lastBody().input);
    expect(request).toContain('Remember the secret word PAPAYA.');
    expect(request).toContain('The secret word is PAPAYA.');
    expect(request).toContain('My colour is blue.');
    await codex.finishEarly(world);

    expect(transcriptNames(directories)).toEqual([`${sessionId}.jsonl`]);
    const backends = transcriptLines(directories, sessionId).flatMap((line) =>
      line.agentbridge ? [(line.agentbridge as { backend: string }).backend] : [],
    );
    expect([...new Set(backends)]).toEqual(['gemini', 'codex']);
    expect(await historyOf(directories, sessionId)).toEqual([
      'user: Remember the secret word PAPAYA.',
      'assistant: The secret word is PAPAYA.',
      'user: My colour is blue.',
      'assistant: Noted: blue.',
      'user: What was the secret word?',
      'assistant: It was PAPAYA.',
    ]);
  });

  it('SN-09 resumeSessionAt branches at a message; forkSession continues in a new transcript', async () => {
    const { directories, sessionId } = await geminiConversation();
    const at = await withConfigDirectory(directories, async () => {
      const messages = await getSessionMessages(sessionId, { dir: directories.workDirectory });
      return messages[1]?.uuid;
    });
    forgetConnections(directories);
    const branch = await gemini.start({
      world: { directories },
      keepDirectories: true,
      query: { resume: sessionId, resumeSessionAt: at },
    });
    branch.world.server.enqueueTurn({ parts: [{ text: 'Branched.' }] });
    const branched = await branch.run.turn('Another question.');
    expect(resultOf(branched)).toMatchObject({ result: 'Branched.', session_id: sessionId });
    const contents = JSON.stringify(branch.world.server.lastContents());
    expect(contents).toContain('The secret word is PAPAYA.');
    expect(contents).not.toContain('My colour is blue.');
    await gemini.finishEarly(branch.world);
    expect(await historyOf(directories, sessionId)).toEqual([
      'user: Remember the secret word PAPAYA.',
      'assistant: The secret word is PAPAYA.',
      'user: Another question.',
      'assistant: Branched.',
    ]);

    backdateGeminiChats(directories.homeDirectory); // tools/e2e/README.md, Gemini 9a
    forgetConnections(directories);
    const fork = await gemini.start({
      world: { directories },
      keepDirectories: true,
      query: { resume: sessionId, forkSession: true },
    });
    fork.world.server.enqueueTurn({ parts: [{ text: 'Forked.' }] });
    const forked = resultOf(await fork.run.turn('In the fork.'));
    expect(forked.session_id).not.toBe(sessionId);
    await gemini.finishEarly(fork.world);
    expect(await historyOf(directories, forked.session_id)).toEqual([
      'user: Remember the secret word PAPAYA.',
      'assistant: The secret word is PAPAYA.',
      'user: Another question.',
      'assistant: Branched.',
      'user: In the fork.',
      'assistant: Forked.',
    ]);
    // The original is unchanged.
    expect(await historyOf(directories, sessionId)).toHaveLength(4);
  });

  it('SN-10 --resume of an id nothing knows ends with claude’s error, not a new conversation', async () => {
    const unknown = randomUUID();
    const { world, run } = await gemini.start({ query: { resume: unknown } });
    const result = resultOf(await run.turn('Hello?'));
    const expected = `No conversation found with session ID: ${unknown}`;
    expect(result).toMatchObject({ is_error: true });
    expect(JSON.stringify(result)).toContain(expected);
    // The CLI exits 1 with that error, which the SDK raises.
    await expect(gemini.finishEarly(world)).rejects.toThrow(expected);
    expect(await world.dispose()).toEqual([]);
    expect(world.sent('session/new')).toEqual([]);
    expect(world.server.streamRequests()).toEqual([]);
  });

  it('SN-02 SN-05 a run killed mid-turn leaves a transcript that lists, reads and resumes', async () => {
    const { world, run } = await gemini.start({ keepDirectories: true });
    world.server.enqueueTurn({ parts: [{ text: 'First answer.' }] });
    const sessionId = resultOf(await run.turn('First question.')).session_id;
    world.server.enqueueTurn({ parts: [{ text: 'Counting: 1, 2, ' }], hold: true });
    run.prompts.push('Count forever.');
    await run.read((message) => message.type === 'stream_event');
    // Killed as hard as a crash: the CLI and its agent.
    const { workDirectory } = world.directories;
    for (const pid of findWorldProcesses([workDirectory])) process.kill(pid, 'SIGKILL');
    await run.read(() => false).catch(() => undefined);
    await gemini.finishEarly(world).catch(() => undefined);
    // A write torn by the crash.
    const path = join(projectDirectoryOf(world.directories), `${sessionId}.jsonl`);
    appendFileSync(path, '{"parentUuid":"x","type":"assis');

    await withConfigDirectory(world.directories, async () => {
      const listed = await listSessions({ dir: workDirectory });
      expect(listed.map((session) => session.sessionId)).toEqual([sessionId]);
    });
    expect((await historyOf(world.directories, sessionId)).slice(0, 3)).toEqual([
      'user: First question.',
      'assistant: First answer.',
      'user: Count forever.',
    ]);

    backdateGeminiChats(world.directories.homeDirectory);
    forgetConnections(world.directories);
    const again = await gemini.start({
      world: { directories: world.directories },
      keepDirectories: true,
      query: { resume: sessionId },
    });
    again.world.server.enqueueTurn({ parts: [{ text: 'Back.' }] });
    expect(resultOf(await again.run.turn('Still there?'))).toMatchObject({
      result: 'Back.',
      session_id: sessionId,
    });
    await gemini.finishEarly(again.world);
    expect(readFileSync(path, 'utf8')).toContain('"type":"assis\n');
    expect((await historyOf(world.directories, sessionId)).slice(-2)).toEqual([
      'user: Still there?',
      'assistant: Back.',
    ]);
  });
});
