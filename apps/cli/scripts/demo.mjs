#!/usr/bin/env node
// The README's main command (`pnpm demo`): the real Claude Agent SDK drives the `agentbridge` CLI,
// which drives an ACP agent — here the test kit's embedded fake agent, so no vendor CLI or account
// is needed. Prints a readable trace: streamed thinking and text, a tool call with the permission
// decision, the tool result and the turn's result. `--deny` refuses the edit instead.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { query } from '@anthropic-ai/claude-agent-sdk';

const cliBin = fileURLToPath(new URL('../bin/agentbridge.js', import.meta.url));
const fakeAgentBin = fileURLToPath(
  new URL('../../../tools/test-kit/bin/fake-acp-agent.mjs', import.meta.url),
);
const scenario = fileURLToPath(
  new URL('../../../tools/test-kit/scenarios/demo.json', import.meta.url),
);
const deny = process.argv.includes('--deny');
const root = mkdtempSync(join(tmpdir(), 'agentbridge-demo-'));
const write = (text) => process.stdout.write(text);

let inline; // the kind of delta being printed on the current line
const endInline = () => {
  if (inline) write('\n');
  inline = undefined;
};
const say = (text) => {
  endInline();
  write(`${text}\n`);
};

write('Claude Agent SDK → agentbridge → ACP agent (embedded fake)\n\n');
const conversation = query({
  prompt: 'Add a greeting to README.md',
  options: {
    pathToClaudeCodeExecutable: cliBin,
    cwd: root,
    includePartialMessages: true,
    env: {
      ...process.env,
      AGENTBRIDGE_STATE_DIR: join(root, 'state'),
      AGENTBRIDGE_BACKEND: 'acp',
      AGENTBRIDGE_COMMAND: fakeAgentBin,
      AGENTBRIDGE_ARGS: JSON.stringify(['--scenario', scenario]),
    },
    canUseTool: async (toolName, input) => {
      say(`  ❓ ${toolName} wants to run with ${JSON.stringify(input)}`);
      say(`  ${deny ? '⛔ denied' : '✅ allowed'} by the demo's canUseTool callback`);
      return deny
        ? { behavior: 'deny', message: 'The demo user refused this edit.' }
        : { behavior: 'allow', updatedInput: input };
    },
  },
});

for await (const message of conversation) {
  if (message.type === 'system' && message.subtype === 'init') {
    say(
      `⚙  session ${message.session_id} on ${message.acp_backend ?? 'an ACP agent'} (${message.claude_code_version}), model ${message.model || '(agent default)'}, mode ${message.permissionMode}`,
    );
  } else if (message.type === 'stream_event') {
    const { event } = message;
    if (event.type === 'content_block_delta' && event.delta.type === 'thinking_delta') {
      if (inline !== 'thinking') say('  💭 thinking:');
      inline = 'thinking';
      write(event.delta.thinking);
    } else if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') {
      if (inline !== 'text') say('  💬 assistant:');
      inline = 'text';
      write(event.delta.text);
    }
  } else if (message.type === 'assistant') {
    for (const block of message.message.content) {
      if (block.type === 'tool_use')
        say(`  🔧 tool_use ${block.name} ${JSON.stringify(block.input)}`);
    }
  } else if (message.type === 'user') {
    const content = Array.isArray(message.message.content) ? message.message.content : [];
    for (const block of content) {
      if (block.type === 'tool_result') {
        const text =
          typeof block.content === 'string' ? block.content : JSON.stringify(block.content);
        say(`  📎 tool_result${block.is_error ? ' (error)' : ''}: ${text}`);
      }
    }
  } else if (message.type === 'result') {
    say(
      `🏁 result ${message.subtype}: "${message.result ?? ''}" (stop ${message.stop_reason}, ${message.usage?.input_tokens ?? 0} in / ${message.usage?.output_tokens ?? 0} out tokens, denials ${message.permission_denials?.length ?? 0})`,
    );
  }
}
endInline();
rmSync(root, { recursive: true, force: true });
