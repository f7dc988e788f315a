import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BackendLaunch } from '@agentbridge/core/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { selectLaunchArgs } from './prepare-agent-launch.js';
import { parseSemanticVersion, probeAgentVersion, type RunCommand } from './probe-agent-version.js';

describe('selectLaunchArgs', () => {
  const launch: BackendLaunch = {
    command: 'gemini',
    args: ['--experimental-acp'],
    argsByVersion: [
      { minVersion: '0.30.0', args: ['--acp'] },
      { minVersion: '1.0.0', args: ['acp'] },
    ],
  };

  it('picks the rule with the highest minVersion not above the installed version', () => {
    expect(selectLaunchArgs(launch, '0.61.0')).toEqual(['--acp']);
    expect(selectLaunchArgs(launch, '1.2.3')).toEqual(['acp']);
    expect(selectLaunchArgs(launch, '0.30.0')).toEqual(['--acp']);
  });

  it('falls back to the default args when the version is unknown or too old', () => {
    expect(selectLaunchArgs(launch, '0.9.0')).toEqual(['--experimental-acp']);
    expect(selectLaunchArgs(launch, undefined)).toEqual(['--experimental-acp']);
  });

  it('parses the first semver of a version banner', () => {
    expect(parseSemanticVersion('gemini-cli 0.61.0-nightly.2 (node 20)')).toBe('0.61.0');
    expect(parseSemanticVersion('codex-acp v0.16.0')).toBe('0.16.0');
    expect(parseSemanticVersion('no version')).toBeUndefined();
  });
});

describe('probeAgentVersion', () => {
  let stateDirectory: string;
  beforeEach(() => {
    stateDirectory = mkdtempSync(path.join(tmpdir(), 'agentbridge-version-'));
  });
  afterEach(() => rmSync(stateDirectory, { recursive: true, force: true }));

  it('runs <exe> <versionArgs> once and caches per path + mtime', async () => {
    const executablePath = path.join(stateDirectory, 'gemini');
    writeFileSync(executablePath, '');
    utimesSync(executablePath, 1000, 1000);
    const runs: string[] = [];
    let output = 'gemini 0.61.0\n';
    const run: RunCommand = async (command, args) => {
      runs.push([path.basename(command), ...args].join(' '));
      return output;
    };
    const options = {
      executablePath,
      versionArgs: ['--version'],
      env: {},
      stateDirectory,
      run,
    };
    expect(await probeAgentVersion(options)).toBe('0.61.0');
    expect(await probeAgentVersion(options)).toBe('0.61.0');
    expect(runs).toEqual(['gemini --version']);
    utimesSync(executablePath, 2000, 2000);
    output = 'gemini 0.62.1';
    expect(await probeAgentVersion(options)).toBe('0.62.1');
    expect(runs).toHaveLength(2);
  });

  it('yields undefined when the probe fails', async () => {
    const version = await probeAgentVersion({
      executablePath: '/nope',
      versionArgs: ['--version'],
      env: {},
      run: async () => {
        throw new Error('spawn ENOENT');
      },
    });
    expect(version).toBeUndefined();
  });
});
