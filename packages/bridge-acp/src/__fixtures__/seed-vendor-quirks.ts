import type { BackendManifest, BackendQuirks } from '@agentbridge/core/contracts';

/**
 * The vendor conventions the seed bridge hard-coded, expressed as the quirks that now carry them
 * (the seed's scenarios cite these vendors' shapes).
 */
export const seedVendorQuirks = {
  // Gemini CLI titles an MCP tool call `<tool> (<server> MCP Server)`.
  mcpTitleSuffixPattern: '^\\((.+) MCP Server\\)$',
  mcpArgumentEnvelopes: [
    // Grok: `{tool_name, tool_input}`; codex-acp: `{server, tool, arguments}`.
    { toolField: 'tool_name', argumentsField: 'tool_input' },
    { toolField: 'tool', argumentsField: 'arguments' },
  ],
  // Grok: `_meta["x.ai/tool"].kind`.
  toolKindMetaKey: 'x.ai/tool',
} as const satisfies BackendQuirks;

/** A minimal backend manifest around `quirks`, for bridge tests. */
export function backendWithQuirks(quirks: BackendQuirks, id = 'seed-agent'): BackendManifest {
  return {
    specificationVersion: 'backend-v1',
    id,
    displayName: 'Seed agent',
    protocol: 'acp',
    launch: { command: id, args: [] },
    probe: {},
    env: { forward: [], credentials: [] },
    process: { names: [], exitsOnStdinEof: true },
    hints: {},
    auth: { preferredMethodIds: [] },
    quirks,
  };
}

/** The backend the seed's vendor scenarios run with. */
export const seedVendorBackend: BackendManifest = backendWithQuirks(seedVendorQuirks);
