// An ACP agent that leaks what it was given: it prints its arguments and the `LEAKY_TOKEN`
// variable on stderr (and a non-protocol stdout line), echoes every request it receives on stderr,
// answers `initialize`, and exits 1 on `session/new`. With `--fail-initialize` it exits 1 on
// `initialize` instead. For the CLI's secret-masking tests.
const args = process.argv.slice(2);
process.stderr.write(`leaky: token ${process.env.LEAKY_TOKEN} args ${args.join(' ')}\n`);
process.stdout.write(`leaky banner with ${process.env.LEAKY_TOKEN}\n`);
let pending = '';
process.stdin.on('data', (chunk) => {
  pending += chunk.toString('utf8');
  for (let index = pending.indexOf('\n'); index !== -1; index = pending.indexOf('\n')) {
    const line = pending.slice(0, index);
    pending = pending.slice(index + 1);
    process.stderr.write(`leaky: received ${line}\n`);
    const message = JSON.parse(line);
    if (message.method === 'initialize' && !args.includes('--fail-initialize')) {
      const result = {
        protocolVersion: 1,
        agentCapabilities: { mcpCapabilities: { http: true, sse: true } },
        authMethods: [],
      };
      process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: message.id, result })}\n`);
    } else if (message.id !== undefined) {
      process.exit(1);
    }
  }
});
