#!/usr/bin/env node
// The `pnpm demo` script: plays an ACP client (the SDK's `acp.client()`) against the fake ACP agent
// executable running `scenarios/demo.json`, and prints a readable trace of one session. It needs a
// build of the test kit (`pnpm demo` builds first). Pass `--reject` to refuse the edit.
// Later this demo will drive the real `agentbridge` CLI instead of the bare fake agent.
import { spawn } from 'node:child_process';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import * as acp from '@agentclientprotocol/sdk';

const agentBin = fileURLToPath(new URL('./fake-acp-agent.mjs', import.meta.url));
const scenario = fileURLToPath(new URL('../scenarios/demo.json', import.meta.url));
const decision = process.argv.includes('--reject') ? 'reject' : 'allow';
const out = (text) => process.stdout.write(text);

let streaming; // the kind of chunk being printed inline, if any
const endStream = () => {
  if (streaming) out('\n');
  streaming = undefined;
};
const line = (text) => {
  endStream();
  out(`${text}\n`);
};
const streamChunk = (kind, label, text) => {
  if (streaming !== kind) {
    endStream();
    out(`  ${label} `);
    streaming = kind;
  }
  out(text);
};

let announceCommands;
const commandsAnnounced = new Promise((resolve) => {
  announceCommands = resolve;
});

const describeUpdate = (update) => {
  switch (update.sessionUpdate) {
    case 'agent_thought_chunk':
      return streamChunk('thought', '💭 thinking:', update.content?.text ?? '');
    case 'agent_message_chunk':
      return streamChunk('message', '💬 agent:', update.content?.text ?? '');
    case 'tool_call':
      return line(
        `  🔧 tool call ${update.toolCallId}: ${update.title} [${update.kind}, ${update.status}]`,
      );
    case 'tool_call_update': {
      const summary = (update.content ?? [])
        .map((item) =>
          item.type === 'diff' ? `diff of ${item.path}` : (item.content?.text ?? item.type),
        )
        .join('; ');
      return line(
        `  🔧 tool ${update.toolCallId} → ${update.status}${summary ? ` (${summary})` : ''}`,
      );
    }
    case 'usage_update':
      return line(
        `  📊 context ${update.used}/${update.size} tokens, cost ${update.cost?.amount ?? 0} ${update.cost?.currency ?? ''}`.trimEnd(),
      );
    case 'available_commands_update':
      announceCommands();
      return line(
        `  ⌘ commands: ${update.availableCommands.map((command) => `/${command.name}`).join(', ')}`,
      );
    case 'current_mode_update':
      return line(`  ⇄ mode is now ${update.currentModeId}`);
    default:
      return line(`  · ${update.sessionUpdate}`);
  }
};

const child = spawn(process.execPath, [agentBin, '--scenario', scenario], {
  stdio: ['pipe', 'pipe', 'inherit'],
});
// The SDK cancels the web reader of stdout when the connection closes: that error is expected.
child.stdout.on('error', () => {});
const childExit = new Promise((resolve) =>
  child.on('exit', (code, signal) => resolve({ code, signal })),
);

const clientApp = acp
  .client({ name: 'agentbridge-demo' })
  .onNotification(acp.methods.client.session.update, ({ params }) => describeUpdate(params.update))
  .onRequest(acp.methods.client.session.requestPermission, ({ params }) => {
    const option = params.options.find((candidate) => candidate.kind.startsWith(decision));
    line(
      `  ❓ permission asked for "${params.toolCall.title}": options ${params.options.map((candidate) => candidate.optionId).join(', ')}`,
    );
    line(`  ✅ client decides: ${option.optionId}`);
    return { outcome: { outcome: 'selected', optionId: option.optionId } };
  });

const stream = acp.ndJsonStream(Writable.toWeb(child.stdin), Readable.toWeb(child.stdout));
await clientApp.connectWith(stream, async (agent) => {
  line('→ initialize');
  const initialized = await agent.request(acp.methods.agent.initialize, {
    protocolVersion: acp.PROTOCOL_VERSION,
    clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false },
    clientInfo: { name: 'agentbridge-demo', version: '0.0.0' },
  });
  line(
    `← initialized: ${initialized.agentInfo?.title ?? initialized.agentInfo?.name}, protocol ${initialized.protocolVersion}`,
  );

  line('→ session/new');
  const session = await agent.request(acp.methods.agent.session.new, {
    cwd: '/workspace',
    mcpServers: [],
  });
  const model = session.configOptions?.find((option) => option.category === 'model');
  line(
    `← session ${session.sessionId}: mode ${session.modes?.currentModeId}, model ${model?.currentValue}`,
  );
  // The agent announces its commands right after the session opens: show them before the prompt.
  await Promise.race([commandsAnnounced, new Promise((resolve) => setTimeout(resolve, 1000))]);

  const prompt = 'Add a greeting to README.md';
  line(`→ prompt: "${prompt}"`);
  const result = await agent.request(acp.methods.agent.session.prompt, {
    sessionId: session.sessionId,
    prompt: [{ type: 'text', text: prompt }],
  });
  const usage = result.usage
    ? `, ${result.usage.inputTokens} in / ${result.usage.outputTokens} out tokens`
    : '';
  line(`← result: ${result.stopReason}${usage}`);
});

child.stdin.end();
const exit = await childExit;
line(`agent exited with code ${exit.code}`);
process.exit(exit.code === 0 ? 0 : 1);
