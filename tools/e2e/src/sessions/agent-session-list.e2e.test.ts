import { getSessionMessages, listSessions } from '@anthropic-ai/claude-agent-sdk';
import { describe, expect, it } from 'vitest';
import { createCodexWorld } from '../through-cli/__fixtures__/create-cli-world.js';
import { useCliWorlds } from '../through-cli/__fixtures__/use-cli-worlds.js';
import { resultOf } from '../through-cli/__fixtures__/wire-queries.js';
import {
  forgetConnections,
  transcriptLines,
  transcriptNames,
  withConfigDirectory,
} from './__fixtures__/session-files.js';

const codex = useCliWorlds(createCodexWorld);

describe("the agent's own sessions in listSessions (codex-acp offers session/list)", () => {
  it('SN-12 SN-13 a codex session agentbridge kept no transcript of is listed, marked, and --resume reopens it with its history', async () => {
    // A codex session with no transcript: run without persistence (the SDK's persistSession: false).
    const first = await codex.start({ keepDirectories: true, query: { persistSession: false } });
    first.world.server.enqueueTurn({ items: [{ type: 'message', deltas: ['Noted: PAPAYA.'] }] });
    const agentSessionId = resultOf(await first.run.turn('The secret word is PAPAYA.')).session_id;
    await codex.finishEarly(first.world);
    const { directories } = first.world;
    expect(() => transcriptNames(directories)).toThrow();

    // The next run in the same directory lists codex's sessions and makes the old one visible.
    forgetConnections(directories);
    const second = await codex.start({ world: { directories }, keepDirectories: true });
    second.world.server.enqueueTurn({ items: [{ type: 'message', deltas: ['Hello.'] }] });
    const secondId = resultOf(await second.run.turn('Hi.')).session_id;
    expect(second.world.sent('session/list')).toEqual([{ cwd: directories.workDirectory }]);
    await codex.finishEarly(second.world);
    expect(transcriptNames(directories).sort()).toEqual(
      [`${agentSessionId}.jsonl`, `${secondId}.jsonl`].sort(),
    );
    const listed = await withConfigDirectory(directories, () =>
      listSessions({ dir: directories.workDirectory }),
    );
    const stub = listed.find((session) => session.sessionId === agentSessionId);
    expect(stub).toMatchObject({ tag: 'agentbridge:codex', cwd: directories.workDirectory });
    expect(stub?.summary).toBeTruthy();
    expect(transcriptLines(directories, agentSessionId)[0]).toMatchObject({
      agentbridge: { backend: 'codex', agentSessionId, listed: true },
    });
    // Its own session is not listed twice.
    expect(listed.filter((session) => session.sessionId === secondId)).toHaveLength(1);

    // --resume of the listed session reopens it on codex, with the first turn in the request.
    forgetConnections(directories);
    const third = await codex.start({
      world: { directories },
      keepDirectories: true,
      query: { resume: agentSessionId },
    });
    third.world.server.enqueueTurn({ items: [{ type: 'message', deltas: ['It was PAPAYA.'] }] });
    const messages = await third.run.turn('What was the secret word?');
    expect(resultOf(messages)).toMatchObject({
      result: 'It was PAPAYA.',
      session_id: agentSessionId,
    });
    expect(third.world.sent('session/new')).toEqual([]);
    expect(
      [...third.world.sent('session/load'), ...third.world.sent('session/resume')].map(
        (params) => params.sessionId,
      ),
    ).toEqual([agentSessionId]);
    expect(JSON.stringify(third.world.server.lastBody().input)).toContain(
      'The secret word is PAPAYA.',
    );
    await codex.finishEarly(third.world);
    // The stub became the conversation's transcript: the resumed turn is read from it.
    const history = await withConfigDirectory(directories, () =>
      getSessionMessages(agentSessionId, { dir: directories.workDirectory }),
    );
    expect(history.map((message) => message.type)).toEqual(['user', 'assistant']);
  });
});
