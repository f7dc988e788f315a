import type { BackendV1 } from '@agentbridge/core';
import { BackendToken, ConfigError, parseBackendManifest, resolveAll } from '@agentbridge/core';
import fc from 'fast-check';
import { container } from 'tsyringe';
import { describe, expect, it } from 'vitest';
import { geminiManifest } from './gemini-manifest.js';
import type { GeminiBackendOptions } from './register-gemini-backend.js';
import { registerGeminiBackend } from './register-gemini-backend.js';

function registerOnFreshContainer(options?: GeminiBackendOptions) {
  const child = container.createChildContainer();
  registerGeminiBackend(child, options);
  return resolveAll(child, BackendToken);
}

describe('registerGeminiBackend', () => {
  it('registers exactly one backend whose manifest matches the snapshot (B-02, B-04, B-07, B-12)', () => {
    const backends = registerOnFreshContainer();
    expect(backends).toHaveLength(1);
    expect(backends[0]?.source).toBe('@agentbridge/backend-gemini');
    expect(backends[0]?.manifest).toMatchSnapshot();
  });

  it('leaves the root container untouched', () => {
    registerOnFreshContainer();
    expect(resolveAll(container, BackendToken)).toEqual([]);
  });

  it('B-03 picks --acp from 0.33.0 and --experimental-acp before', () => {
    const launch = registerOnFreshContainer()[0]?.manifest.launch;
    expect(launch?.args).toEqual(['--experimental-acp']);
    expect(launch?.argsByVersion).toEqual([{ minVersion: '0.33.0', args: ['--acp'] }]);
  });

  it('recognises the [MODE_UPDATE] chunk and captures the mode id', () => {
    const pattern = new RegExp(geminiManifest.quirks.modeChangeChunkPattern ?? '');
    expect('[MODE_UPDATE] autoEdit'.match(pattern)?.[1]).toBe('autoEdit');
    expect('[MODE_UPDATE] yolo\n'.match(pattern)?.[1]).toBe('yolo');
    expect(pattern.test('I switched to [MODE_UPDATE] yolo')).toBe(false);
    expect(pattern.test('[MODE_UPDATE] two words')).toBe(false);
  });

  it('a replaced command drops the default and versioned arguments', () => {
    const launch = registerOnFreshContainer({ command: '/opt/gemini/bin/gemini' })[0]?.manifest
      .launch;
    expect(launch).toEqual({ command: '/opt/gemini/bin/gemini', args: [] });
  });

  it('merges env overrides into the defaults and replaces the auth preference', () => {
    const manifest = registerOnFreshContainer({
      env: { GOOGLE_GEMINI_BASE_URL: 'http://127.0.0.1:9' },
      preferredAuthMethodIds: ['vertex-ai'],
    })[0]?.manifest;
    expect(manifest?.env.defaults).toEqual({
      GEMINI_CLI_NO_RELAUNCH: 'true',
      GOOGLE_GEMINI_BASE_URL: 'http://127.0.0.1:9',
    });
    expect(manifest?.auth.preferredMethodIds).toEqual(['vertex-ai']);
  });

  it('rejects invalid options with a ConfigError naming each key', () => {
    const child = container.createChildContainer();
    const invalid = { command: '', colour: 'blue' } as unknown as GeminiBackendOptions;
    let thrown: unknown;
    try {
      registerGeminiBackend(child, invalid);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const issues = (thrown as ConfigError).issues;
    expect(issues.map((issue) => issue.path).sort()).toEqual(['', 'command']);
    expect(issues.find((issue) => issue.path === '')?.message).toContain('colour');
    expect(resolveAll(child, BackendToken)).toEqual([]);
  });

  it('B-09 every credential variable is also forwarded', () => {
    const { forward, credentials } = geminiManifest.env;
    expect(credentials.filter((name) => !forward.includes(name))).toEqual([]);
  });

  it('passes the core manifest schema, with and without overrides', () => {
    const manifest = registerOnFreshContainer()[0]?.manifest;
    expect(parseBackendManifest(manifest)).toEqual({ ok: true, manifest });
  });

  it('property: any valid options give a valid manifest; a new command never inherits arguments', () => {
    const environmentName = fc.stringMatching(/^[A-Z_][A-Z0-9_]{0,20}$/);
    const options = fc.record(
      {
        command: fc.string({ minLength: 1 }),
        args: fc.array(fc.string()),
        env: fc.dictionary(environmentName, fc.string()),
        preferredAuthMethodIds: fc.array(fc.string({ minLength: 1 })),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(options, (candidate) => {
        const [{ manifest }] = registerOnFreshContainer(candidate) as [BackendV1];
        expect(parseBackendManifest(manifest).ok).toBe(true);
        expect(manifest.launch.args).toEqual(
          candidate.args ?? (candidate.command === undefined ? geminiManifest.launch.args : []),
        );
        if (candidate.command !== undefined || candidate.args !== undefined) {
          expect(manifest.launch.argsByVersion).toBeUndefined();
        }
        for (const [key, value] of Object.entries(candidate.env ?? {})) {
          expect(manifest.env.defaults?.[key]).toBe(value);
        }
      }),
    );
  });
});
