import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FakeAgentScenario } from '@agentbridge/test-kit';
import { afterAll, afterEach, beforeEach, expect } from 'vitest';
import {
  faultConfig,
  plantedSecrets,
  secretArguments,
  secretEnvironment,
} from './fault-scenarios.js';
import {
  childProcessesOf,
  isProcessGone,
  pollFor,
  processGroupMembers,
  readCommandLine,
  signalIfAlive,
} from './process-table.js';
import { type BridgeRun, isResult, startBridge, type WireMessage } from './start-bridge.js';

/** Generous: the suite runs on busy machines; the figures themselves are printed, not asserted. */
export const slack = 10_000;

/** A client `interrupt` control request. */
export const interrupt = (requestId: string | number): WireMessage => ({
  type: 'control_request',
  request_id: requestId,
  request: { subtype: 'interrupt' },
});

/**
 * Registers the fault suite's hooks in the current `describe`: a fresh work directory per test,
 * every started process killed after it, and after all tests the measurements printed and every
 * byte the runs wrote scanned for the planted secrets (FT-08). Returns the suite's helpers.
 */
export function useFaultSuite() {
  let root = '';
  let work = '';
  const startedPids: number[] = [];
  /** Everything every run wrote on stdout and stderr: no planted secret may be in it. */
  const written: string[] = [];
  /** interrupt → result, client EOF → everything gone (ms), stated in the closing note. */
  const measured: Record<string, number> = {};

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'agentbridge-faults-'));
    work = join(root, 'work');
    mkdirSync(work);
    writeFileSync(join(work, 'package.json'), '{"name":"faults"}');
    writeFileSync(join(work, '.agentrc.yaml'), faultConfig);
  });
  afterEach(() => {
    for (const pid of startedPids.splice(0)) signalIfAlive(pid, 'SIGKILL');
    rmSync(root, { recursive: true, force: true });
  });
  afterAll(() => {
    // biome-ignore lint/suspicious/noConsole: the measurements are printed for the closing note.
    console.info(`fault suite measurements (ms): ${JSON.stringify(measured)}`);
    // FT-08: a scan of every byte the suite's runs wrote.
    const everything = written.join('\n');
    for (const secret of Object.values(plantedSecrets)) expect(everything).not.toContain(secret);
    expect(everything).toContain('***');
  });

  /** The CLI in stream-json mode (or print mode with `printPrompt`) before `scenario`. */
  const start = (
    scenario: FakeAgentScenario,
    options: { printPrompt?: string; extraArgs?: string[] } = {},
  ): BridgeRun => {
    const bridge = startBridge({
      scenario,
      workDirectory: work,
      stateDirectory: join(root, 'state'),
      env: secretEnvironment,
      ...options,
      extraArgs: [...secretArguments, ...(options.extraArgs ?? [])],
    });
    startedPids.push(bridge.pid);
    return bridge;
  };

  /** The agent the CLI started (the child given a `--scenario`), once it runs. */
  const agentOf = async (bridge: BridgeRun): Promise<number> => {
    const agent = await pollFor(() =>
      childProcessesOf(bridge.pid).find((stat) =>
        readCommandLine(stat.pid)?.includes(' --scenario '),
      ),
    );
    expect(agent, 'the agent runs under the CLI').toBeDefined();
    startedPids.push(agent?.pid ?? 0);
    return agent?.pid ?? 0;
  };

  /** Waits for the CLI to exit; then no process of the agent's group may be left. */
  const finished = async (bridge: BridgeRun, agentPid: number) => {
    const exit = await bridge.waitForExit(60_000);
    written.push(JSON.stringify(bridge.messages), bridge.stderr());
    const gone = await pollFor(() =>
      isProcessGone(agentPid) && processGroupMembers(agentPid).length === 0 ? true : undefined,
    );
    expect(gone, 'no process of the agent is left').toBe(true);
    return exit;
  };

  const results = (bridge: BridgeRun) => bridge.messages.filter(isResult);

  return {
    start,
    agentOf,
    finished,
    results,
    written,
    measured,
    /** The current test's work directory (the CLI's cwd). */
    get work() {
      return work;
    },
  };
}
