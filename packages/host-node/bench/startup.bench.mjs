// Start-up of an ACP run inside a fresh Node process: from before `import('../dist/index.js')` to
// the bridge's `system/init` (instant agent), with the agent spawned while the bridge module loads
// (the default) and with the bridge module loaded first. Medians of `runs`. Run after `pnpm build`.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const [, script, mode] = process.argv;

if (mode === 'spawn-first' || mode === 'import-first') {
  const started = performance.now();
  const host = await import('../dist/index.js');
  const createBridge =
    mode === 'import-first' ? (await import('@agentbridge/bridge-acp')).createAcpBridge : undefined;
  const agent = fileURLToPath(new URL('./instant-agent.mjs', import.meta.url));
  const cwd = process.cwd();
  const transport = host.createAcpTransport({
    command: process.execPath,
    args: [agent],
    env: { PATH: process.env.PATH ?? '' },
    launch: { cwd },
    createBridge,
  });
  transport.onEvent((event) => {
    if (event.type === 'client-message' && event.message.type === 'system') {
      process.stdout.write(`${performance.now() - started}\n`);
      void transport.close();
    }
  });
  await transport.start();
  const content = [{ type: 'text', text: 'hi' }];
  transport.writeClientLine(
    JSON.stringify({
      type: 'user',
      session_id: '',
      parent_tool_use_id: null,
      message: { role: 'user', content },
    }),
  );
  await transport.closed;
} else {
  const runs = Number(mode ?? 15);
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const results = { 'spawn-first': [], 'import-first': [] };
  for (let run = 0; run < runs; run += 1) {
    for (const variant of Object.keys(results)) {
      const child = spawnSync(process.execPath, [script, variant], { encoding: 'utf8' });
      const elapsed = Number(child.stdout.trim());
      if (!Number.isFinite(elapsed)) throw new Error(`${variant} failed: ${child.stderr}`);
      results[variant].push(elapsed);
    }
  }
  for (const [variant, values] of Object.entries(results)) {
    console.log(
      `start-up (${variant}): median ${median(values).toFixed(1)} ms to system/init over ${runs} runs`,
    );
  }
}
