import type { McpServerConfig } from '@agentbridge/core/contracts';
import { describe, expect, it } from 'vitest';
import { toAcpMcpServers } from './to-acp-mcp-servers.js';

const servers: Record<string, McpServerConfig> = {
  'unity-ops': {
    type: 'http',
    url: 'http://127.0.0.1:4321/mcp',
    headers: { Authorization: 'Bearer tok' },
  },
  blender: { command: '/usr/bin/blender-mcp', args: ['--stdio'], env: { BLENDER_HOME: '/opt/b' } },
  legacy: { type: 'sse', url: 'https://legacy.example/sse' },
  files: { type: 'stdio', command: 'mcp-fs' },
};

describe('toAcpMcpServers', () => {
  it('S-03 scenario 3: an http server with a Bearer header when the agent accepts http', () => {
    const { servers: acp } = toAcpMcpServers(
      { 'unity-ops': servers['unity-ops'] as McpServerConfig },
      { http: true, sse: false },
    );
    expect(acp).toEqual([
      {
        type: 'http',
        name: 'unity-ops',
        url: 'http://127.0.0.1:4321/mcp',
        headers: [{ name: 'Authorization', value: 'Bearer tok' }],
      },
    ]);
  });

  it('S-03 scenario 4: without http support the server is left out and reported failed', () => {
    const result = toAcpMcpServers(
      { 'unity-ops': servers['unity-ops'] as McpServerConfig },
      { http: false, sse: false },
    );
    expect(result.servers).toEqual([]);
    expect(result.statuses).toEqual([
      { name: 'unity-ops', status: 'failed', error: 'the agent does not accept http MCP servers' },
    ]);
  });

  it('S-03 generalised: stdio always passes, http and sse per capability, in the configured order', () => {
    const result = toAcpMcpServers(servers, { http: true, sse: false });
    expect(result.servers).toEqual([
      {
        type: 'http',
        name: 'unity-ops',
        url: 'http://127.0.0.1:4321/mcp',
        headers: [{ name: 'Authorization', value: 'Bearer tok' }],
      },
      {
        name: 'blender',
        command: '/usr/bin/blender-mcp',
        args: ['--stdio'],
        env: [{ name: 'BLENDER_HOME', value: '/opt/b' }],
      },
      { name: 'files', command: 'mcp-fs', args: [], env: [] },
    ]);
    expect(result.statuses).toEqual([
      { name: 'unity-ops', status: 'connected' },
      { name: 'blender', status: 'connected' },
      { name: 'legacy', status: 'failed', error: 'the agent does not accept sse MCP servers' },
      { name: 'files', status: 'connected' },
    ]);
  });

  it('S-03 stdio entries carry no type field; sse entries carry headers even when empty', () => {
    const result = toAcpMcpServers(servers, { http: false, sse: true });
    const blender = result.servers.find((server) => server.name === 'blender');
    expect(blender).not.toHaveProperty('type');
    expect(result.servers.find((server) => server.name === 'legacy')).toEqual({
      type: 'sse',
      name: 'legacy',
      url: 'https://legacy.example/sse',
      headers: [],
    });
  });

  it('S-03 unknown server types (SDK in-process servers) and broken entries are reported failed', () => {
    const result = toAcpMcpServers(
      {
        inProcess: { type: 'sdk', name: 'x' } as unknown as McpServerConfig,
        broken: { command: '' },
        noUrl: { type: 'http', url: '' },
      },
      { http: true, sse: true },
    );
    expect(result.servers).toEqual([]);
    expect(result.statuses.map((status) => status.status)).toEqual(['failed', 'failed', 'failed']);
    expect(result.statuses[0]?.error).toContain("'sdk'");
  });

  it('S-03 no configured servers: empty lists', () => {
    expect(toAcpMcpServers(undefined, { http: true, sse: true })).toEqual({
      servers: [],
      statuses: [],
    });
  });

  it('S-03 statuses never contain header or env values', () => {
    const result = toAcpMcpServers(servers, { http: false, sse: false });
    expect(JSON.stringify(result.statuses)).not.toMatch(/Bearer|tok|\/opt\/b/);
  });
});
