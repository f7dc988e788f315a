import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type AgentKind,
  hygieneScenario,
  quickPromptText,
  tricklePromptText,
} from './__fixtures__/hygiene-scenarios.js';
import {
  isProcessGone,
  pollFor,
  processGroupMembers,
  readProcessStat,
  signalIfAlive,
} from './__fixtures__/process-table.js';
import {
  type BridgeRun,
  findAgentTree,
  initializeRequest,
  isResult,
  isSystemInit,
  isTextDelta,
  startBridge,
  userMessage,
} from './__fixtures__/start-bridge.js';

type Ending = 'SIGTERM' | 'SIGINT' | 'SIGHUP' | 'SIGINT twice' | 'stdin EOF' | 'client gone';

/**
 * The exit code a stopped CLI reports: the shell's code for a signal, 0 after EOF; nobody is left
 * to read it when the client is gone, so any code will do there.
 */
const expectedExitCode: Record<Ending, unknown> = {
  SIGTERM: 143,
  SIGINT: 130,
  SIGHUP: 129,
  'SIGINT twice': 130,
  'stdin EOF': 0,
  'client gone': expect.any(Number),
};

describe.skipIf(process.platform !== 'linux')('process hygiene of the CLI (/proc)', () => {
  let root: string;
  let stateDirectory: string;
  const startedPids: number[] = [];

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'agentbridge-hygiene-'));
    stateDirectory = join(root, 'state');
    mkdirSync(join(root, 'work'));
  });
  afterEach(() => {
    // Only the processes this test started (the CLI) or found under it (agent, grandchild).
    for (const pid of startedPids.splice(0)) signalIfAlive(pid, 'SIGKILL');
    rmSync(root, { recursive: true, force: true });
  });

  const start = (kind: AgentKind): BridgeRun => {
    const bridge = startBridge({
      scenario: hygieneScenario(kind),
      workDirectory: join(root, 'work'),
      stateDirectory,
    });
    startedPids.push(bridge.pid);
    return bridge;
  };

  const recordFiles = () => {
    const directory = join(stateDirectory, 'processes');
    return existsSync(directory)
      ? readdirSync(directory).filter((name) => name.endsWith('.json'))
      : [];
  };

  // The three endings for both agents; a closed terminal and an impatient second Ctrl-C
  // for the stubborn one, whose stop takes longest.
  const cases: { kind: AgentKind; ending: Ending }[] = [
    ...(['cooperative', 'stubborn'] as const).flatMap((kind) =>
      (['SIGTERM', 'SIGINT', 'stdin EOF'] as const).map((ending) => ({ kind, ending })),
    ),
    { kind: 'stubborn', ending: 'SIGHUP' },
    { kind: 'stubborn', ending: 'SIGINT twice' },
    { kind: 'stubborn', ending: 'client gone' },
  ];

  it.each(cases)(
    'X-08 $ending of the bridge leaves no $kind agent and no child of it',
    async ({ kind, ending }) => {
      const bridge = start(kind);
      bridge.send(initializeRequest);
      expect(await bridge.waitForMessage(isSystemInit), bridge.stderr()).toBeDefined();

      const tree = await findAgentTree(bridge.pid);
      expect(tree, 'the agent and its child appear under the CLI').toBeDefined();
      if (tree === undefined) return;
      startedPids.push(tree.agentPid, tree.grandchildPid);
      expect(readProcessStat(tree.agentPid)).toMatchObject({
        parentPid: bridge.pid,
        processGroupId: tree.agentPid,
      });
      expect(readProcessStat(tree.grandchildPid)).toMatchObject({
        parentPid: tree.agentPid,
        processGroupId: tree.agentPid,
      });
      expect(recordFiles()).toEqual([`${bridge.pid}-${tree.agentPid}.json`]);

      if (ending === 'client gone') {
        // The client dies mid-stream: its end of both pipes closes while output still flows.
        bridge.send(userMessage(tricklePromptText));
        expect(await bridge.waitForMessage(isTextDelta)).toBeDefined();
        bridge.endInput();
        bridge.child.stdout.destroy();
      } else if (ending === 'stdin EOF') {
        // EOF lets the turn in flight finish, so end after a completed turn.
        bridge.send(userMessage(quickPromptText));
        expect(await bridge.waitForMessage(isResult)).toMatchObject({ subtype: 'success' });
        bridge.endInput();
      } else {
        // A turn is in flight (the agent streams, then works for minutes) when the signal lands.
        bridge.send(userMessage('work for a long time'));
        expect(await bridge.waitForMessage(isTextDelta)).toBeDefined();
        if (ending === 'SIGINT twice') {
          bridge.child.kill('SIGINT');
          // The second one lands while the first stop is still waiting for the agent.
          expect(
            await pollFor(() => (bridge.stderr().includes('stdin closed') ? true : undefined)),
          ).toBe(true);
          bridge.child.kill('SIGINT');
        } else {
          bridge.child.kill(ending);
        }
      }

      const exit = await bridge.waitForExit();
      expect(exit, `the CLI exits after ${ending}`).toEqual({
        code: expectedExitCode[ending],
        signal: null,
      });

      // The CLI SIGKILLed the group before exiting; give init a bounded moment to collect
      // re-parented zombies, then assert on /proc (a zombie is not gone).
      const pids = [tree.agentPid, tree.grandchildPid];
      await pollFor(() =>
        pids.every(isProcessGone) && processGroupMembers(tree.agentPid).length === 0
          ? true
          : undefined,
      );
      expect(pids.map((pid) => readProcessStat(pid) ?? 'gone')).toEqual(['gone', 'gone']);
      expect(processGroupMembers(tree.agentPid)).toEqual([]);
      expect(recordFiles(), 'Z-05 a clean stop removes the record').toEqual([]);
    },
  );
});
