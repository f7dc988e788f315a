import { describe, expect, it } from 'vitest';
import { resolveStateDirectory } from './state-directory.js';

describe('resolveStateDirectory', () => {
  it('prefers AGENTBRIDGE_STATE_DIR', () => {
    expect(
      resolveStateDirectory({
        env: { AGENTBRIDGE_STATE_DIR: '/var/ab', HOME: '/h' },
        platform: 'linux',
      }),
    ).toBe('/var/ab');
  });

  it('uses XDG_STATE_HOME, else ~/.local/state on POSIX', () => {
    expect(
      resolveStateDirectory({ env: { XDG_STATE_HOME: '/x', HOME: '/h' }, platform: 'linux' }),
    ).toBe('/x/agentbridge');
    expect(resolveStateDirectory({ env: { HOME: '/h' }, platform: 'darwin' })).toBe(
      '/h/.local/state/agentbridge',
    );
  });

  it('uses %LOCALAPPDATA% on Windows', () => {
    expect(
      resolveStateDirectory({
        env: { LocalAppData: 'C:\\Users\\u\\AppData\\Local' },
        platform: 'win32',
      }),
    ).toBe('C:\\Users\\u\\AppData\\Local\\agentbridge');
    expect(resolveStateDirectory({ env: { USERPROFILE: 'C:\\Users\\u' }, platform: 'win32' })).toBe(
      'C:\\Users\\u\\AppData\\Local\\agentbridge',
    );
  });
});
