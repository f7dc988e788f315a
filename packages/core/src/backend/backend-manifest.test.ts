import { describe, expect, it } from 'vitest';
import type { BackendManifest } from './backend-manifest.js';
import { backendManifestSchema, parseBackendManifest } from './backend-manifest.js';

const manifest = {
  specificationVersion: 'backend-v1',
  id: 'gemini',
  displayName: 'Gemini CLI',
  protocol: 'acp',
  launch: {
    command: 'gemini',
    args: ['--experimental-acp'],
    argsByVersion: [{ minVersion: '0.30.0', args: ['--acp'] }],
  },
  probe: { versionArgs: ['--version'], extraDirectories: { posix: ['~/.local/bin'] } },
  env: { forward: ['GEMINI_API_KEY'], credentials: ['GEMINI_API_KEY'], defaults: { A: '1' } },
  process: { names: ['gemini', 'node'], exitsOnStdinEof: true, stopGraceMs: 2000 },
  hints: {
    install: 'npm install -g @google/gemini-cli',
    login: { command: 'gemini', args: [] },
  },
  auth: { preferredMethodIds: ['oauth-personal'] },
  quirks: {
    permissionModeSynonyms: { acceptEdits: ['auto_edit'], plan: [] },
    modeChangeChunkPattern: '^\\[MODE_UPDATE\\] (\\S+)$',
    toolNameByAgentTool: { run_shell_command: 'Bash' },
    toolCallIdPattern: '^([a-z_]+)__',
    mcpTitleSuffixPattern: '^\\((.+) MCP Server\\)$',
    mcpArgumentEnvelopes: [{ toolField: 'tool', argumentsField: 'arguments' }],
    toolKindMetaKey: 'x.ai/tool',
    loadReplaySettleMs: 300,
    fatalStderrPatterns: ['Quota exceeded'],
    supportsSetModel: true,
  },
} as const satisfies BackendManifest;

describe('parseBackendManifest', () => {
  it('accepts a complete manifest and returns it unchanged', () => {
    expect(parseBackendManifest(manifest)).toEqual({ ok: true, manifest });
    expect(backendManifestSchema.parse(manifest)).toEqual(manifest);
  });

  it.each([
    ['an id that is not lowercase kebab', { ...manifest, id: 'Gemini_CLI' }, 'id'],
    ['an id with a trailing dash', { ...manifest, id: 'gemini-' }, 'id'],
    ['a missing displayName', { ...manifest, displayName: undefined }, 'displayName'],
    ['an unknown protocol', { ...manifest, protocol: 'grpc' }, 'protocol'],
    [
      'a wrong specification version',
      { ...manifest, specificationVersion: 'backend-v2' },
      'specificationVersion',
    ],
    [
      'a bad version rule',
      {
        ...manifest,
        launch: { ...manifest.launch, argsByVersion: [{ minVersion: 'v1', args: [] }] },
      },
      'launch.argsByVersion.0.minVersion',
    ],
    [
      'an invalid regular expression',
      { ...manifest, quirks: { fatalStderrPatterns: ['(unclosed'] } },
      'quirks.fatalStderrPatterns.0',
    ],
    [
      'an invalid toolCallIdPattern',
      { ...manifest, quirks: { toolCallIdPattern: '([a-z' } },
      'quirks.toolCallIdPattern',
    ],
    [
      'an invalid mcpTitleSuffixPattern',
      { ...manifest, quirks: { mcpTitleSuffixPattern: '(MCP' } },
      'quirks.mcpTitleSuffixPattern',
    ],
    [
      'an MCP argument envelope with an empty field',
      {
        ...manifest,
        quirks: { mcpArgumentEnvelopes: [{ toolField: 'tool', argumentsField: '' }] },
      },
      'quirks.mcpArgumentEnvelopes.0.argumentsField',
    ],
    [
      'an MCP argument envelope with a misspelled field',
      {
        ...manifest,
        quirks: { mcpArgumentEnvelopes: [{ toolField: 'tool', argumentField: 'a' }] },
      },
      'quirks.mcpArgumentEnvelopes.0',
    ],
    [
      'an empty toolKindMetaKey',
      { ...manifest, quirks: { toolKindMetaKey: '' } },
      'quirks.toolKindMetaKey',
    ],
    [
      'a negative loadReplaySettleMs',
      { ...manifest, quirks: { loadReplaySettleMs: -1 } },
      'quirks.loadReplaySettleMs',
    ],
    [
      'an unknown permission mode',
      { ...manifest, quirks: { permissionModeSynonyms: { yolo: ['x'] } } },
      'quirks.permissionModeSynonyms',
    ],
    ['a misspelled quirk', { ...manifest, quirks: { supportSetModel: true } }, 'quirks'],
    ['a non-object', 'gemini', ''],
  ])('rejects %s with the path of the problem', (_name, value, path) => {
    const result = parseBackendManifest(value);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.issues.map((issue) => issue.path)).toContain(path);
      expect(result.issues.every((issue) => issue.message.length > 0)).toBe(true);
    }
  });

  it('never throws, whatever it is given', () => {
    for (const value of [undefined, null, 0, [], {}, { quirks: null }, new Date()]) {
      expect(parseBackendManifest(value).ok).toBe(false);
    }
  });
});
