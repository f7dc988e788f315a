import { spawn } from 'node:child_process';
import type { HookCommandRun } from '@agentbridge/core/contracts';
import type { HostOperations } from './host-operations.js';
import type { Environment } from './host-platform.js';
import { createProcessTreeSignaller } from './process-group.js';

/** Output kept per stream of one hook command; the rest is dropped (a hook's answer is small). */
const outputLimitBytes = 1024 * 1024;

/** Appends `chunk` while the kept bytes stay within {@link outputLimitBytes}. */
function collector() {
  const chunks: Buffer[] = [];
  let length = 0;
  return {
    add(chunk: Buffer) {
      const room = outputLimitBytes - length;
      if (room <= 0) return;
      const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
      chunks.push(kept);
      length += kept.length;
    },
    text: () => Buffer.concat(chunks).toString('utf8'),
  };
}

/**
 * HK-30: `hook/run-command` with real processes, as Claude Code runs a command hook: through the
 * platform's shell (`/bin/sh -c` on POSIX) in a process group of its own, the agent's environment
 * plus the request's `env`, the hook input on stdin; stdout and stderr kept up to 1 MiB each. At
 * `timeoutMs` the whole group is killed and the run ends `timedOut` (without waiting for pipes a
 * stray grandchild may hold). `close()` lets running hooks finish (each is bounded by its timeout).
 */
export function createHookCommands(options: { readonly env: Environment }) {
  const running = new Set<Promise<unknown>>();
  const signalTree = createProcessTreeSignaller();
  const run = (params: HookCommandRun['params']) =>
    new Promise<HookCommandRun['result']>((resolve, reject) => {
      const child = spawn(params.command, {
        shell: true,
        cwd: params.cwd,
        env: { ...options.env, ...params.env },
        detached: process.platform !== 'win32',
        stdio: ['pipe', 'pipe', 'pipe'],
        windowsHide: true,
      });
      const stdout = collector();
      const stderr = collector();
      child.stdout.on('data', stdout.add);
      child.stderr.on('data', stderr.add);
      // A hook that does not read its input closes the pipe early: not a failure.
      child.stdin.on('error', () => {});
      child.stdin.end(params.input);
      let timedOut = false;
      const settle = (exitCode: number | null) => {
        clearTimeout(timer);
        resolve({ exitCode, stdout: stdout.text(), stderr: stderr.text(), timedOut });
      };
      const timer = setTimeout(() => {
        timedOut = true;
        if (child.pid !== undefined) signalTree(child.pid, 'SIGKILL');
        child.stdout.destroy();
        child.stderr.destroy();
      }, params.timeoutMs);
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.once('exit', () => {
        if (timedOut) settle(null);
      });
      child.once('close', (code) => settle(timedOut ? null : code));
    });
  const operations: Required<Pick<HostOperations, 'hook/run-command' | 'close'>> = {
    'hook/run-command': (params) => {
      const result = run(params);
      const done = result.catch(() => {}).finally(() => running.delete(done));
      running.add(done);
      return result;
    },
    close: async () => {
      await Promise.all(running);
    },
  };
  return operations;
}
