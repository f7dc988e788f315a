import { describe, expect, it } from 'vitest';
import { type DoctorReport, formatDoctorReport, listCapabilities } from './run-doctor.js';

describe('formatDoctorReport', () => {
  it('shows a healthy ACP backend with its handshake, modes (current starred) and models', () => {
    const text = formatDoctorReport({
      backendId: 'gemini',
      displayName: 'Gemini CLI',
      protocol: 'acp',
      command: 'gemini',
      args: ['--acp'],
      executable: { found: true, path: '/usr/bin/gemini' },
      version: '0.61.0',
      processNames: ['gemini', 'node'],
      environmentVariables: [
        { name: 'GEMINI_API_KEY', set: true },
        { name: 'GOOGLE_API_KEY', set: false },
      ],
      handshake: {
        ok: true,
        durationMs: 812,
        protocolVersion: 1,
        agentInfo: { name: 'gemini-cli', version: '0.61.0' },
        authMethods: [{ id: 'oauth-personal', name: 'Log in with Google' }],
        capabilities: { loadSession: true, promptCapabilities: { image: true, audio: false } },
        session: {
          ok: true,
          modes: ['default', 'yolo'],
          currentModeId: 'default',
          models: ['pro', 'flash'],
          currentModelId: 'flash',
          configOptions: [],
        },
      },
      ok: true,
    });
    expect(text).toBe(
      [
        'gemini (Gemini CLI)',
        '  status        ok',
        '  command       gemini --acp',
        '  executable    /usr/bin/gemini',
        '  version       0.61.0',
        '  processes     gemini, node',
        '  environment   GEMINI_API_KEY set, GOOGLE_API_KEY not set',
        '  initialize    ok in 812 ms: protocol 1, agent gemini-cli 0.61.0',
        '  auth methods  oauth-personal (Log in with Google)',
        '  capabilities  loadSession, promptCapabilities.image',
        '  modes         default*, yolo',
        '  models        pro, flash*',
        '',
      ].join('\n'),
    );
  });

  it('shows what was searched and how to install or sign in when something is missing', () => {
    const reports: DoctorReport[] = [
      {
        backendId: 'codex',
        displayName: 'Codex',
        protocol: 'acp',
        command: 'codex-acp',
        args: [],
        processNames: [],
        environmentVariables: [],
        executable: {
          found: false,
          reason: 'not found',
          searchedPaths: ['/usr/bin/codex-acp', '/bin/codex-acp'],
        },
        installHint: 'npm install -g @zed-industries/codex-acp',
        ok: false,
      },
      {
        backendId: 'gemini',
        displayName: 'Gemini CLI',
        protocol: 'acp',
        command: 'gemini',
        args: [],
        processNames: [],
        environmentVariables: [],
        executable: { found: true, path: '/usr/bin/gemini' },
        loginCommand: 'agentbridge login gemini',
        handshake: {
          ok: true,
          durationMs: 5,
          protocolVersion: 1,
          authMethods: [],
          capabilities: {},
          session: { ok: false, error: 'Authentication required', needsLogin: true },
        },
        ok: false,
      },
    ];
    const text = reports.map(formatDoctorReport).join('\n');
    expect(text).toContain('  searched    /usr/bin/codex-acp\n              /bin/codex-acp\n');
    expect(text).toContain('  install     npm install -g @zed-industries/codex-acp\n');
    expect(text).toContain(
      '  session/new   failed: Authentication required (sign in with: agentbridge login gemini)\n',
    );
  });
});

describe('listCapabilities', () => {
  it('flattens true leaves into dotted names', () => {
    expect(
      listCapabilities({ a: true, b: false, c: { d: true, e: { f: true } }, g: ['x'] }),
    ).toEqual(['a', 'c.d', 'c.e.f']);
  });
});
