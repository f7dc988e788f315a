import type { HostResult } from '@agentbridge/core/contracts';
import {
  createHarness,
  type Harness,
  type HarnessOptions,
  type Line,
} from '../../__fixtures__/bridge-harness.js';

/** The manifest the Agent SDK sends for `createSdkMcpServer({ name: 'calc', tools: [add] })`. */
export const calcManifest = {
  initializeResult: {
    protocolVersion: '2025-11-25',
    capabilities: { tools: { listChanged: true } },
    serverInfo: { name: 'calc', version: '1.0.0' },
  },
  toolsListResult: {
    tools: [
      {
        name: 'add',
        description: 'Adds two numbers',
        inputSchema: {
          type: 'object',
          properties: { a: { type: 'number' }, b: { type: 'number' } },
        },
      },
    ],
  },
};

/** The ACP entry a host gives for one endpoint server. */
export const endpointEntry = (name: string) => ({
  type: 'http',
  name,
  url: `http://127.0.0.1:4000/mcp/${name}`,
  headers: [{ name: 'Authorization', value: 'Bearer t' }],
});

/** The pending `host-operation` events of `kind`, oldest first. */
export function hostOperations(harness: Harness, kind: string): Line[] {
  return harness.actions.filter(
    (action) => action.type === 'host-operation' && action.operation.kind === kind,
  ) as Line[];
}

/** Answers the last `host-operation` of `kind`. */
export function answerHost(harness: Harness, kind: string, result: HostResult): Line {
  const operation = hostOperations(harness, kind).at(-1);
  if (operation === undefined) throw new Error(`no ${kind} operation`);
  harness.host(operation.operationId, result);
  return operation;
}

/** Answers the last `mcp/open-endpoint` with one entry per name. */
export function openEndpoint(harness: Harness): Line {
  const operation = hostOperations(harness, 'mcp/open-endpoint').at(-1);
  const names: string[] = operation?.operation.params.names ?? [];
  return answerHost(harness, 'mcp/open-endpoint', {
    ok: true,
    value: { servers: names.map(endpointEntry) },
  } as HostResult);
}

/**
 * A ready session whose client registered the in-process server `calc` (with its manifest unless
 * `manifest: false`) and, with `jsonSchema`, a structured output; the endpoint is opened and the
 * agent listed the tools (unless `listed: false`).
 */
export function sdkSession(
  options: HarnessOptions & {
    readonly manifest?: boolean;
    readonly jsonSchema?: Line;
    readonly servers?: readonly string[];
    readonly config?: Line;
    /** `false`: the agent has not listed the servers' tools yet. */
    readonly listed?: boolean;
  } = {},
): Harness {
  const harness = createHarness({
    ...options,
    launch: { permissionPromptTool: 'stdio', ...options.launch },
  });
  const servers = options.servers ?? ['calc'];
  harness.client({
    type: 'control_request',
    request_id: 'init_1',
    request: {
      subtype: 'initialize',
      sdkMcpServers: servers,
      ...(options.manifest === false ? {} : { sdkMcpServerManifests: { calc: calcManifest } }),
      ...(options.config === undefined ? {} : { sdkMcpServerConfigs: { calc: options.config } }),
      ...(options.jsonSchema === undefined ? {} : { jsonSchema: options.jsonSchema }),
    },
  });
  if (hostOperations(harness, 'mcp/open-endpoint').length > 0) openEndpoint(harness);
  // The agent lists the tools of each server, as agents do when a session opens (MCP-09).
  if (options.listed !== false && options.manifest !== false)
    for (const name of servers) harness.mcp(name, { id: `list-${name}`, method: 'tools/list' });
  return harness;
}

/** The `mcp_message` control requests the client got. */
export const mcpMessages = (harness: Harness): Line[] =>
  harness.clientLines.filter(
    (line) => line.type === 'control_request' && line.request.subtype === 'mcp_message',
  );

/** The client's answer to a forwarded `mcp_message`. */
export function answerMcp(harness: Harness, requestId: string, response: Line): void {
  harness.client({
    type: 'control_response',
    response: { subtype: 'success', request_id: requestId, response },
  });
}
