import { createMemoryLogger } from '@agentbridge/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createRedactingLogger,
  createRedactor,
  secretArgumentValues,
  secretVariableValues,
} from './redact-secrets.js';

describe('secretArgumentValues', () => {
  it('finds values of credential-named flags and key-shaped arguments, nothing else', () => {
    expect(
      secretArgumentValues([
        '--experimental-acp',
        '--api-key',
        'plainvalue',
        '--token=abc123xyz',
        '--model',
        'gemini-2.5-pro',
        'sk-ant-api03-abcdefghijkl',
        '--header=ghp_abcdefghijklmnop',
        'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7',
        './relative/path/to/some/file-with-a-long-name.txt',
      ]),
    ).toEqual([
      'plainvalue',
      'abc123xyz',
      'sk-ant-api03-abcdefghijkl',
      'ghp_abcdefghijklmnop',
      'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7',
    ]);
  });
});

describe('secretVariableValues', () => {
  it('FT-08 finds the values of well-known key variables of every vendor, nothing else', () => {
    const env = {
      ANTHROPIC_API_KEY: 'sk-ant-1',
      OPENAI_API_KEY: 'sk-openai',
      GEMINI_API_KEY: 'AIza-gem',
      GOOGLE_API_KEY: 'AIza-goo',
      GITHUB_TOKEN: 'ghp_tok',
      AWS_SECRET_ACCESS_KEY: 'aws-secret',
      CLAUDE_CODE_OAUTH_TOKEN: 'oauth',
      MY_SERVICE_PASSWORD: 'pw',
      HOME: '/home/me',
      KEYBOARD: 'us',
      TOKENIZERS_PARALLELISM: 'false',
      EMPTY_API_KEY: '',
    };
    expect(secretVariableValues(env)).toEqual([
      'sk-ant-1',
      'sk-openai',
      'AIza-gem',
      'AIza-goo',
      'ghp_tok',
      'aws-secret',
      'oauth',
      'pw',
    ]);
  });
});

describe('createRedactor', () => {
  it('masks every occurrence, the longest secret first; short values and numbers are left alone', () => {
    const redact = createRedactor(['abcdefg', 'token123', 'token123456', '12345678', 'true']);
    expect(redact('token123456 and token123, abcdefg 12345678 true')).toBe(
      '*** and ***, abcdefg 12345678 true',
    );
  });

  it('FT-08 a secret is masked also as it reads in a JSON string', () => {
    const secret = 'pass"word\\with-quotes';
    const line = JSON.stringify({ result: `the key is ${secret}` });
    expect(createRedactor([secret])(line)).toBe('{"result":"the key is ***"}');
  });

  it('the output never contains a masked secret (property)', () => {
    const secret = fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{7,12}$/);
    fc.assert(
      fc.property(
        fc.array(secret, { maxLength: 4 }),
        fc.array(fc.oneof(secret, fc.string())),
        (secrets, parts) => {
          const redacted = createRedactor(secrets)(parts.join(' '));
          for (const value of secrets) expect(redacted).not.toContain(value);
        },
      ),
    );
  });
});

describe('createRedactingLogger', () => {
  it('masks messages and every string in the data, also in child loggers', () => {
    const memory = createMemoryLogger();
    const logger = createRedactingLogger(memory, createRedactor(['hunter22']));
    logger.debug('spawning process', {
      args: ['--password', 'hunter22'],
      nested: { line: 'x hunter22', cwd: undefined, count: 3 },
    });
    logger.child({ component: 'bridge' }).warn('failed: hunter22', { code: 3 });
    expect(JSON.stringify(memory.entries)).not.toContain('hunter22');
    expect(memory.entries.map((entry) => entry.message)).toEqual([
      'spawning process',
      'failed: ***',
    ]);
  });
});
