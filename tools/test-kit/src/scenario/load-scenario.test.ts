import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AgentError } from '@agentbridge/core';
import { afterEach, describe, expect, it } from 'vitest';
import { loadScenario, parseScenario, parseScenarioText } from './load-scenario.js';
import { ScenarioError } from './scenario-error.js';

const scenariosDirectory = new URL('../../scenarios/', import.meta.url);
const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0))
    rmSync(directory, { recursive: true, force: true });
});

function issuesOf(run: () => unknown): ReadonlyArray<{ path: string; message: string }> {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ScenarioError);
    expect(AgentError.isInstance(error) && error.code).toBe('config-invalid');
    return (error as ScenarioError).issues;
  }
  throw new Error('expected a ScenarioError');
}

describe('scenario validation', () => {
  it('accepts every shipped scenario', () => {
    const files = readdirSync(scenariosDirectory).filter((file) => file.endsWith('.json'));
    expect(files).toEqual(expect.arrayContaining(['basic.json', 'demo.json', 'slow-stream.json']));
    for (const file of files) {
      expect(loadScenario(new URL(file, scenariosDirectory)).name).toBe(file.replace('.json', ''));
    }
  });

  it('names the path of each problem: unknown step type, missing field, typo in a section', () => {
    const issues = issuesOf(() =>
      parseScenario({
        prompts: [{ steps: [{ type: 'dance' }, { type: 'delay' }] }],
        sessionNwe: {},
      }),
    );
    expect(issues.map((issue) => issue.path)).toEqual(
      expect.arrayContaining(['prompts.0.steps.0.type', 'prompts.0.steps.1.ms', '']),
    );
    expect(issues.find((issue) => issue.path === '')?.message).toMatch(/sessionNwe/);
  });

  it('validates nested permission branches and regular expressions', () => {
    const issues = issuesOf(() =>
      parseScenario({
        prompts: [
          {
            match: { pattern: '(' },
            steps: [
              {
                type: 'request-permission',
                toolCall: { toolCallId: 't' },
                onAllow: [{ type: 'exit', code: 'one' }],
              },
            ],
          },
        ],
      }),
    );
    expect(issues.map((issue) => issue.path)).toEqual([
      'prompts.0.match.pattern',
      'prompts.0.steps.0.onAllow.0.code',
    ]);
  });

  it('rejects a prompt with both a response and an error', () => {
    const issues = issuesOf(() =>
      parseScenario({
        prompts: [{ response: { stopReason: 'end_turn' }, error: { code: 1, message: 'x' } }],
      }),
    );
    expect(issues[0]?.message).toMatch(/either `response` or `error`/);
  });

  it('puts the source and every issue in the message', () => {
    expect(() => parseScenario({ process: { exitCodeOnEof: -1 } }, 'bad.json')).toThrow(
      /Invalid scenario bad\.json:\n {2}- process\.exitCodeOnEof: /,
    );
  });

  it('merges JSONL fragments: later keys win, prompts are concatenated', () => {
    const scenario = parseScenarioText(
      [
        '{"name":"a","prompts":[{"response":{"stopReason":"end_turn"}}]}',
        '',
        '{"name":"b","prompts":[{"response":{"stopReason":"refusal"}}]}',
      ].join('\n'),
    );
    expect(scenario.name).toBe('b');
    expect(scenario.prompts?.map((prompt) => prompt.response?.stopReason)).toEqual([
      'end_turn',
      'refusal',
    ]);
  });

  it('reports the line of a JSONL fragment that is not JSON', () => {
    const issues = issuesOf(() => parseScenarioText('{"name":"a"}\n{nope}\n'));
    expect(issues[0]?.path).toBe('line 2');
  });

  it('loads inline JSON, a path and a missing file (as a ScenarioError)', () => {
    const directory = mkdtempSync(join(tmpdir(), 'test-kit-scenario-'));
    directories.push(directory);
    const file = join(directory, 'x.jsonl');
    writeFileSync(file, '{"name":"from-file"}\n');
    expect(loadScenario('{"name":"inline"}').name).toBe('inline');
    expect(loadScenario(file).name).toBe('from-file');
    expect(issuesOf(() => loadScenario(join(directory, 'missing.json')))[0]?.message).toMatch(
      /ENOENT/,
    );
  });
});
