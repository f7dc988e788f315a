import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '@agentbridge/core';
import { afterEach, describe, expect, it } from 'vitest';
import { mcpSecretValues, parseMcpConfigs } from './parse-mcp-configs.js';

const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0))
    rmSync(directory, { recursive: true, force: true });
});

describe('parseMcpConfigs', () => {
  it('parses inline JSON and files, later names overriding earlier ones', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'agentbridge-mcp-'));
    directories.push(directory);
    writeFileSync(
      join(directory, 'servers.json'),
      JSON.stringify({
        mcpServers: {
          docs: { type: 'http', url: 'https://example.test/mcp', headers: { Authorization: 'x' } },
          echo: { command: 'old' },
        },
      }),
    );
    const servers = await parseMcpConfigs(
      [
        'servers.json',
        '{"mcpServers":{"echo":{"type":"stdio","command":"echo","args":["hi"]},"events":{"type":"sse","url":"http://127.0.0.1:9/sse"}}}',
      ],
      directory,
    );
    expect(servers).toEqual({
      docs: { type: 'http', url: 'https://example.test/mcp', headers: { Authorization: 'x' } },
      echo: { type: 'stdio', command: 'echo', args: ['hi'] },
      events: { type: 'sse', url: 'http://127.0.0.1:9/sse' },
    });
  });

  it.each([
    ['{"mcpServers":', 'is not valid JSON'],
    ['{"servers":{}}', 'mcpServers'],
    ['{"mcpServers":{"a":{"type":"http"}}}', 'mcpServers.a.url'],
    ['{"mcpServers":{"a":{"command":""}}}', 'mcpServers.a.command'],
    ['{"mcpServers":{"a":{"type":"ws","url":"x"}}}', "unsupported MCP server type 'ws'"],
    ['/definitely/missing/file.json', 'cannot read /definitely/missing/file.json'],
  ])('rejects %s with a clear usage error', async (value, fragment) => {
    let caught: unknown;
    try {
      await parseMcpConfigs([value], '/');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(UsageError);
    expect((caught as UsageError).message).toContain('Invalid MCP configuration');
    expect((caught as UsageError).message).toContain(fragment);
    expect((caught as UsageError).exitCode).toBe(1);
  });

  it('never echoes header values in errors', async () => {
    await expect(
      parseMcpConfigs(['{"mcpServers":{"a":{"type":"http","headers":{"k":"secret-token"}}}}'], '/'),
    ).rejects.toThrow(/^(?![\s\S]*secret-token)/);
  });
});

describe('mcpSecretValues', () => {
  it('FT-08 header, URL query and password values; stdio env values and secret-looking arguments', () => {
    expect(
      mcpSecretValues({
        web: {
          type: 'http',
          url: 'https://user:pa%24sword99@mcp.example/x?key=querysecret1&v=2',
          headers: { Authorization: 'Bearer header-secret' },
        },
        local: {
          type: 'stdio',
          command: 'server',
          args: ['--port', '3000', '--token=argumentsecret1'],
          env: { SERVER_KEY: 'envsecret12' },
        },
      }),
    ).toEqual([
      'Bearer header-secret',
      'Bearer',
      'header-secret',
      'querysecret1',
      '2',
      'pa$sword99',
      'envsecret12',
      'argumentsecret1',
    ]);
  });
});
