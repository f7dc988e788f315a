import { describe, expect, it } from 'vitest';
import { createStderrLogger } from './create-stderr-logger.js';

describe('createStderrLogger', () => {
  it('writes one line per entry at or above the level, with bindings and data', () => {
    const lines: string[] = [];
    const logger = createStderrLogger({ level: 'info', write: (text) => lines.push(text) });
    logger.debug('hidden');
    logger.info('agent started', { pid: 42, command: 'gemini' });
    logger
      .child({ backendId: 'codex' })
      .warn('agent exited', { code: 1, signal: null, reason: 'two words' });
    expect(lines).toEqual([
      'agentbridge: info: agent started pid=42 command=gemini\n',
      'agentbridge: warning: agent exited backendId=codex code=1 signal=null reason="two words"\n',
    ]);
  });

  it('writes debug lines at debug level and nothing when silent', () => {
    const lines: string[] = [];
    createStderrLogger({ level: 'debug', write: (text) => lines.push(text) }).debug('x');
    createStderrLogger({ level: 'silent', write: (text) => lines.push(text) }).error('y');
    expect(lines).toEqual(['agentbridge: debug: x\n']);
  });
});
