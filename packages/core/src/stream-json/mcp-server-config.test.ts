import { describe, expect, it } from 'vitest';
import { mcpConfigFileSchema, mcpServerConfigSchema } from './mcp-server-config.js';

const issuesOf = (value: unknown) => {
  const result = mcpServerConfigSchema.safeParse(value);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('mcpServerConfigSchema', () => {
  it.each([
    ['stdio without type', { command: 'mcp-fs', args: ['/tmp'], env: { ROOT: '/tmp' } }],
    ['stdio with type', { type: 'stdio', command: 'mcp-fs' }],
    ['http', { type: 'http', url: 'https://x.test/mcp', headers: { Authorization: 'Bearer t' } }],
    ['sse', { type: 'sse', url: 'https://x.test/sse' }],
    ['extra fields kept', { command: 'mcp-fs', timeout: 5000 }],
  ])('accepts %s unchanged', (_name, config) => {
    expect(mcpServerConfigSchema.parse(config)).toEqual(config);
  });

  it.each([
    [
      'a stdio server without command',
      { args: [] },
      ['command: Invalid input: expected string, received undefined'],
    ],
    [
      'an http server without url',
      { type: 'http' },
      ['url: Invalid input: expected string, received undefined'],
    ],
    [
      'non-string env values',
      { command: 'x', env: { A: 1 } },
      ['env.A: Invalid input: expected string, received number'],
    ],
    [
      'an in-process sdk server',
      { type: 'sdk', name: 'calc' },
      ["type: unsupported MCP server type 'sdk' (expected stdio, http or sse)"],
    ],
  ])('rejects %s with the path of the problem', (_name, config, expected) => {
    expect(issuesOf(config)).toEqual(expected);
  });
});

describe('mcpConfigFileSchema', () => {
  it('reads the --mcp-config shape and reports the server name in the path', () => {
    const file = { mcpServers: { ok: { command: 'a' }, bad: { type: 'http' } } };
    const result = mcpConfigFileSchema.safeParse(file);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'mcpServers.bad.url',
    ]);
    expect(mcpConfigFileSchema.safeParse({ mcpServers: {} }).success).toBe(true);
    expect(mcpConfigFileSchema.safeParse({ servers: {} }).success).toBe(false);
  });
});
