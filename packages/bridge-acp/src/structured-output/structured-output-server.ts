import type { McpJsonRpcMessage } from '@agentbridge/core/contracts';
import { isRecord } from '@agentbridge/core/contracts';
import type { MachineContext } from '../machine/bridge-state.js';
import { type McpReply, mcpErrorCodes, ownServerName } from '../mcp/mcp-state.js';
import type { StructuredRecord } from '../mcp/mcp-state-types.js';

/** Claude Code's tool, its description and its success text. */
export const structuredOutputTool = {
  name: 'StructuredOutput',
  description:
    'Use this tool to return your final response in the requested structured format. You MUST call this tool exactly once at the end of your response to provide the structured output.',
  accepted: 'Structured output provided successfully',
};

/** SO-01: the tool takes the schema as its input schema, which MCP wants to describe an object. */
export function offersStructuredTool(
  schema: Readonly<Record<string, unknown>> | undefined,
): boolean {
  return (
    schema !== undefined &&
    (schema.type === 'object' || (schema.type === undefined && isRecord(schema.properties)))
  );
}

/** The running turn's structured output record, started on first use (SO-02). */
export function structuredRecordOf(context: MachineContext, turn: object): StructuredRecord {
  const { mcp } = context.state;
  if (mcp.structured?.turn !== turn) mcp.structured = { turn, failures: 0 };
  return mcp.structured;
}

/**
 * SO-01, SO-02: the bridge's own MCP server (`agentbridge`), which offers `StructuredOutput` with
 * the client's schema as its input schema. A call is checked against the schema: a valid input is
 * the turn's structured output; an invalid one is refused with the errors (the model may retry)
 * and counts as a failed attempt.
 */
export function onStructuredOutputMessage(
  context: MachineContext,
  message: McpJsonRpcMessage,
  reply: McpReply,
) {
  const params = isRecord(message.params) ? message.params : {};
  const schema = context.state.mcp.jsonSchema ?? {};
  switch (message.method) {
    case 'initialize': {
      const version =
        typeof params.protocolVersion === 'string' ? params.protocolVersion : '2025-06-18';
      const serverInfo = { name: ownServerName, version: '1.0.0' };
      return reply({
        result: { protocolVersion: version, capabilities: { tools: {} }, serverInfo },
      });
    }
    case 'tools/list': {
      const { name, description } = structuredOutputTool;
      return reply({ result: { tools: [{ name, description, inputSchema: schema }] } });
    }
    case 'tools/call':
      return callStructuredOutput(context, params, reply);
    case 'ping':
      return reply({ result: {} });
    default:
      reply({
        error: { code: mcpErrorCodes.notFound, message: `Method not found: ${message.method}` },
      });
  }
}

/** One `StructuredOutput` call: checked, then recorded on the running turn. */
function callStructuredOutput(
  context: MachineContext,
  params: Record<string, unknown>,
  reply: McpReply,
) {
  const text = (body: string, isError: boolean) =>
    reply({ result: { content: [{ type: 'text', text: body }], ...(isError ? { isError } : {}) } });
  if (params.name !== structuredOutputTool.name)
    return reply({
      error: { code: mcpErrorCodes.notFound, message: `Unknown tool: ${String(params.name)}` },
    });
  const turn = context.state.turn;
  if (turn === undefined) return text('No turn is running: the output was not recorded.', true);
  const value = isRecord(params.arguments) ? params.arguments : {};
  checkStructuredOutput(context, value, (errors) => {
    const record = structuredRecordOf(context, turn);
    if (errors.length === 0) {
      record.accepted = { value };
      return text(structuredOutputTool.accepted, false);
    }
    record.failures += 1;
    record.lastError = errors.join('; ');
    text(`Output does not match the required schema: ${record.lastError}`, true);
  });
}

/**
 * SO-03: checks `value` against the client's schema with the host's validator; `done` gets the
 * errors (none: valid). A host without a validator cannot check: the value is taken as it is.
 */
export function checkStructuredOutput(
  context: MachineContext,
  value: unknown,
  done: (errors: readonly string[]) => void,
) {
  const schema = context.state.mcp.jsonSchema ?? {};
  context.host.perform('json-schema/validate', { schema, value }, (result) => {
    if (!result.ok)
      context.log.warn('structured output not checked: no JSON Schema validator', {
        reason: result.message,
      });
    done(result.ok ? result.value.errors : []);
  });
}
