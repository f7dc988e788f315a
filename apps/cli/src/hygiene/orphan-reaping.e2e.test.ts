import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type AgentKind,
  hygieneScenario,
  plainScenario,
  quickPromptText,
} from './__fixtures__/hygiene-scenarios.js';
import {
  isProcessGone,
  pollFor,
  processGroupMembers,
  readProcessStat,
  signalIfAlive,
} from './__fixtures__/process-table.js';
import {
  findAgentTree,
  initializeRequest,
  isResult,
  isSystemInit,
  startBridge,
  userMessage,
} from './__fixtures__/start-bridge.js';

/** How the fresh CLI runs after the crash. */
type FreshStart = 'stream-json' | 'print';

describe.skipIf(process.platform !== 'linux')(
  'orphan reaping after SIGKILL of the CLI (/proc)',
  () => {
    let root: string;
    let stateDirectory: string;
    const startedPids: number[] = [];

    beforeEach(() => {
      root = mkdtempSync(join(tmpdir(), 'agentbridge-reaping-'));
      stateDirectory = join(root, 'state');
      mkdirSync(join(root, 'work'));
    });
    afterEach(() => {
      for (const pid of startedPids.splice(0)) signalIfAlive(pid, 'SIGKILL');
      rmSync(root, { recursive: true, force: true });
    });

    const recordFiles = () => {
      const directory = join(stateDirectory, 'processes');
      return existsSync(directory)
        ? readdirSync(directory).filter((name) => name.endsWith('.json'))
        : [];
    };

    /**
     * Starts a CLI in front of a `kind` agent, SIGKILLs the CLI and returns the orphaned tree. The
     * stubborn agent (`ignoreStdinEof`) also survives EPIPE, else it would die with its bridge.
     */
    const orphanAnAgent = async (kind: AgentKind) => {
      const bridge = startBridge({
        scenario: hygieneScenario(kind),
        workDirectory: join(root, 'work'),
        stateDirectory,
      });
      startedPids.push(bridge.pid);
      bridge.send(initializeRequest);
      expect(await bridge.waitForMessage(isSystemInit), bridge.stderr()).toBeDefined();
      const tree = await findAgentTree(bridge.pid);
      if (tree === undefined) throw new Error(`no agent tree under the CLI\n${bridge.stderr()}`);
      startedPids.push(tree.agentPid, tree.grandchildPid);
      expect(recordFiles()).toEqual([`${bridge.pid}-${tree.agentPid}.json`]);

      bridge.child.kill('SIGKILL');
      expect(await bridge.waitForExit()).toEqual({ code: null, signal: 'SIGKILL' });
      return { bridgePid: bridge.pid, ...tree };
    };

    /**
     * A fresh CLI on the same state directory, one quick turn: in stream-json mode (then stdin
     * EOF) or in print mode (`-p`). Both start an agent, which is when the reaper runs.
     */
    const runFreshBridge = async (mode: FreshStart = 'stream-json') => {
      const bridge = startBridge({
        scenario: plainScenario,
        workDirectory: join(root, 'work'),
        stateDirectory,
        ...(mode === 'print' ? { printPrompt: quickPromptText } : {}),
      });
      startedPids.push(bridge.pid);
      if (mode === 'stream-json') {
        bridge.send(initializeRequest);
        bridge.send(userMessage(quickPromptText));
        expect(await bridge.waitForMessage(isResult), bridge.stderr()).toMatchObject({
          subtype: 'success',
        });
        bridge.endInput();
      }
      expect(await bridge.waitForExit(), bridge.stderr()).toEqual({ code: 0, signal: null });
      if (mode === 'print') expect(bridge.messages).toEqual([{ type: 'text', text: 'done' }]);
      return bridge;
    };

    const expectTreeGone = async (agentPid: number, grandchildPid: number) => {
      await pollFor(
        () =>
          isProcessGone(agentPid) &&
          isProcessGone(grandchildPid) &&
          processGroupMembers(agentPid).length === 0
            ? true
            : undefined,
        10_000,
      );
      expect([agentPid, grandchildPid].map((pid) => readProcessStat(pid) ?? 'gone')).toEqual([
        'gone',
        'gone',
      ]);
      expect(processGroupMembers(agentPid)).toEqual([]);
    };

    it.each(['stream-json', 'print'] as const)(
      'Z-03 a fresh %s run reaps the orphaned agent that ignores EOF and SIGTERM, with its child',
      async (mode) => {
        const { bridgePid, agentPid, grandchildPid } = await orphanAnAgent('stubborn');

        // The CLI died without stopping anything: the agent and its child live on, re-parented.
        const orphan = await pollFor(() => {
          const stat = readProcessStat(agentPid);
          return stat && stat.parentPid !== bridgePid ? stat : undefined;
        });
        expect(orphan?.state).toMatch(/^[RSD]$/);
        expect(readProcessStat(grandchildPid)).toMatchObject({ processGroupId: agentPid });
        expect(readProcessStat(grandchildPid)?.state).toMatch(/^[RSD]$/);
        expect(recordFiles()).toEqual([`${bridgePid}-${agentPid}.json`]);

        const fresh = await runFreshBridge(mode);

        await expectTreeGone(agentPid, grandchildPid);
        expect(fresh.stderr()).toContain('reaping orphaned agent');
        expect(recordFiles(), 'the dead bridge record is consumed, the fresh one removed').toEqual(
          [],
        );
      },
    );

    // The recorded agent itself is gone, but the rest of its process group (still alive, so the
    // group id cannot have been reused) is the agent's: the reaper kills the group.
    it('Z-03 a fresh run reaps the child of an agent that exited when its CLI was SIGKILLed', async () => {
      const { agentPid, grandchildPid } = await orphanAnAgent('cooperative');

      // The dead CLI's pipe closed, so the agent exits; its child stays in the agent's group.
      expect(await pollFor(() => (isProcessGone(agentPid) ? true : undefined))).toBe(true);
      expect(readProcessStat(grandchildPid)).toMatchObject({ processGroupId: agentPid });

      const fresh = await runFreshBridge();

      await expectTreeGone(agentPid, grandchildPid);
      expect(fresh.stderr()).toContain('reaping orphaned agent');
      expect(recordFiles(), 'the dead bridge record is consumed, the fresh one removed').toEqual(
        [],
      );
    });
  },
);
