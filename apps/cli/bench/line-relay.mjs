#!/usr/bin/env node
// The benchmark's baseline: the thinnest possible relay between a client and an agent. It spawns
// the agent (the arguments after `--`), splits both directions into lines and writes each line out,
// with backpressure, and nothing else (no parsing, no translation).
//   node line-relay.mjs -- node firehose-agent.mjs --chunks 200000
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const separator = process.argv.indexOf('--');
const [command, ...args] = process.argv.slice(separator + 1);
const agent = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });

const relay = (input, output) => {
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let paused = false;
  lines.on('line', (line) => {
    // Lines already split from a chunk still arrive after pause(): write them, wait once.
    if (!output.write(`${line}\n`) && !paused) {
      paused = true;
      lines.pause();
      output.once('drain', () => {
        paused = false;
        lines.resume();
      });
    }
  });
  return lines;
};

relay(process.stdin, agent.stdin).on('close', () => agent.stdin.end());
relay(agent.stdout, process.stdout);
agent.on('exit', (code) => {
  process.stdout.write('', () => process.exit(code ?? 1));
});
