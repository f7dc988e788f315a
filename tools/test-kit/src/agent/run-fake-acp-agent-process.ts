import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { setTimeout as sleepFor } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { AgentError } from '@agentbridge/core';
import type { FakeAgentScenario } from '../scenario/fake-agent-scenario.js';
import { loadScenario } from '../scenario/load-scenario.js';
import type { TranscriptEntry } from '../transcript/transcript-entry.js';
import { toTranscriptEntry } from '../transcript/transcript-entry.js';
import { createFakeAcpAgent } from './create-fake-acp-agent.js';

const usage = `Usage: fake-acp-agent --scenario <file-or-json> [--record <file.jsonl>]

A scripted ACP agent speaking JSON-RPC on stdin/stdout (see tools/test-kit/README.md).
  --scenario  scenario file (.json or .jsonl) or inline JSON; default: $FAKE_ACP_SCENARIO
  --record    append every line in both directions to this JSONL transcript; default: $FAKE_ACP_RECORD
  --api-key   ignored (secret-masking tests pass one, as to a real agent)
`;

/** Where the executable reads its options and does its I/O. Defaults to the current process. */
export type FakeAgentProcessOptions = {
  readonly argv?: readonly string[];
  readonly env?: Readonly<Record<string, string | undefined>>;
};

/**
 * The main function of `bin/fake-acp-agent.mjs`: plays a scenario on this process's stdio, with
 * the scenario's process behaviour (ignore EOF or SIGTERM, spawn a child, start-up delay). Exits
 * the process when the agent ends; a bad scenario or command line exits with code 2.
 */
export async function runFakeAcpAgentProcess(options: FakeAgentProcessOptions = {}): Promise<void> {
  const env = options.env ?? process.env;
  let scenario: FakeAgentScenario;
  let recordFile: string | undefined;
  try {
    const { values } = parseArgs({
      args: [...(options.argv ?? process.argv.slice(2))],
      options: {
        scenario: { type: 'string' },
        record: { type: 'string' },
        // Taken and ignored, as real agents take a key: secret-masking tests pass one.
        'api-key': { type: 'string' },
        help: { type: 'boolean' },
      },
    });
    if (values.help) {
      process.stdout.write(usage);
      return;
    }
    const source = values.scenario ?? env.FAKE_ACP_SCENARIO;
    if (!source)
      throw new Error('no scenario: pass --scenario <file-or-json> or set FAKE_ACP_SCENARIO');
    scenario = loadScenario(source);
    recordFile = values.record ?? env.FAKE_ACP_RECORD;
  } catch (error) {
    const message =
      AgentError.isInstance(error) || error instanceof Error ? error.message : String(error);
    process.stderr.write(`fake-acp-agent: ${message}\n\n${usage}`);
    process.exitCode = 2;
    return;
  }

  // An agent outliving its client (orphaned by a killed bridge) must not die of EPIPE: a real
  // agent such as codex-acp keeps running after its pipes break, which is what reaping tests need.
  if (scenario.process?.ignoreStdinEof) {
    process.stdout.on('error', () => {});
    process.stderr.on('error', () => {});
  }
  const record = (entry: TranscriptEntry) => {
    if (recordFile) appendFileSync(recordFile, `${JSON.stringify(entry)}\n`);
  };
  const behaviour = scenario.process ?? {};
  if (behaviour.ignoreSigterm) {
    process.on('SIGTERM', () => {
      process.stderr.write('fake-acp-agent: ignoring SIGTERM\n');
    });
  }
  if (behaviour.spawnChild) {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60_000)'], {
      stdio: 'ignore',
    });
    process.stderr.write(`fake-acp-agent child-pid=${child.pid}\n`);
  }
  if (behaviour.startupDelayMs) await sleepFor(behaviour.startupDelayMs);

  const agent = createFakeAcpAgent(scenario);
  agent.onLine((line) => {
    record(toTranscriptEntry('agent->bridge', line));
    process.stdout.write(`${line}\n`);
  });
  agent.onStderr((text) => process.stderr.write(text));
  agent.onExit((exit) => {
    process.stdout.write('', () => {
      if (exit.signal) process.kill(process.pid, exit.signal as NodeJS.Signals);
      else process.exit(exit.code ?? 0);
    });
  });

  const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  lines.on('line', (line) => {
    if (line.trim() !== '') record(toTranscriptEntry('bridge->agent', line.trim()));
    agent.writeLine(line);
  });
  lines.on('close', () => {
    if (behaviour.ignoreStdinEof) {
      process.stderr.write('fake-acp-agent: stdin closed, still running\n');
      setInterval(() => {}, 60_000);
      return;
    }
    agent.endInput();
  });
}
