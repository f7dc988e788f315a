import type { CanUseTool } from '@anthropic-ai/claude-agent-sdk';

/** A `canUseTool` that allows everything and keeps what it was asked, in order. */
export function allowing(): {
  asked: { toolName: string; input: unknown }[];
  canUseTool: CanUseTool;
} {
  const asked: { toolName: string; input: unknown }[] = [];
  const canUseTool: CanUseTool = async (toolName, input) => {
    asked.push({ toolName, input });
    return { behavior: 'allow', updatedInput: input };
  };
  return { asked, canUseTool };
}
