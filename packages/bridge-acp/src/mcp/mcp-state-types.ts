import type { McpInitializeResult, McpToolsListResult } from '@agentbridge/core/contracts';
import type { Continuation } from '../pending/continuations.js';
import type { McpServerStatus } from './to-acp-mcp-servers.js';

export type Json = Readonly<Record<string, unknown>>;

/** One in-process MCP server of the client (`createSdkMcpServer`), reached with `mcp_message`. */
export type SdkServer = {
  /** The SDK's own MCP `initialize` and `tools/list` results (`sdkMcpServerManifests`). */
  initializeResult: McpInitializeResult | undefined;
  toolsListResult: McpToolsListResult | undefined;
  /** How long a forwarded request waits for the client (`sdkMcpServerConfigs[name].timeout`). */
  readonly timeoutMs: number;
  /** `pending` until the agent's first message to it; `failed` when no endpoint could serve it. */
  status: McpServerStatus['status'];
  error?: string;
  /** The agent listed its tools (or a prompt stopped waiting for that: MCP-09). */
  listed: boolean;
};

/** The structured output of the running turn (SO-xx): the accepted value, the failed attempts. */
export type StructuredRecord = {
  readonly turn: object;
  accepted?: { readonly value: unknown };
  failures: number;
  lastError?: string;
};

/** Everything of MCP and structured output one bridge keeps. */
export type McpState = {
  /** The client's in-process servers, by name, in the client's order. */
  readonly sdkServers: Map<string, SdkServer>;
  /** `--json-schema`, `initialize.jsonSchema`: the shape of every turn's structured output. */
  jsonSchema: Json | undefined;
  /** The endpoint offers the bridge's `StructuredOutput` tool. */
  structuredTool: boolean;
  /** What the agent's `mcpCapabilities` take. */
  capabilities: { readonly http: boolean; readonly sse: boolean };
  /** Servers the client switched off (`mcp_toggle`). */
  readonly disabled: Set<string>;
  /** Requests forwarded to the client and not answered yet: `server`, agent's id → the client's. */
  readonly forwarded: Map<string, number>;
  nextMessageId: number;
  structured: StructuredRecord | undefined;
  /** Configured servers an `mcp_set_servers` named: a later one that leaves them out removes them. */
  readonly named: Set<string>;
  /** The server set is changing (MCP-06): prompts wait for `done`, a load's replay tail `quiet`. */
  reopening: { readonly done: Continuation<void>; quiet?: Continuation<void> } | undefined;
  /** Prompts waiting for the agent to list the in-process servers' tools (MCP-09). */
  listing: { readonly done: Continuation<void> } | undefined;
};
