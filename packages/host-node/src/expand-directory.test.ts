import { describe, expect, it } from 'vitest';
import { expandDirectory, homeFromEnvironment } from './expand-directory.js';

describe('expandDirectory', () => {
  it('expands ~, $NAME and braced $NAME on POSIX', () => {
    const environment = { HOME: '/home/u', TOOLS: '/srv/tools' };
    expect(expandDirectory('~/.local/bin', { environment, platform: 'linux' })).toBe(
      '/home/u/.local/bin',
    );
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the shell syntax under test
    expect(expandDirectory('${TOOLS}/bin', { environment, platform: 'linux' })).toBe(
      '/srv/tools/bin',
    );
    expect(expandDirectory('$TOOLS/../bin', { environment, platform: 'linux' })).toBe('/srv/bin');
  });

  it('expands %NAME% case-insensitively on Windows and leaves $NAME alone there', () => {
    const environment = { AppData: 'C:\\Users\\u\\AppData\\Roaming' };
    expect(expandDirectory('%APPDATA%\\npm', { environment, platform: 'win32' })).toBe(
      'C:\\Users\\u\\AppData\\Roaming\\npm',
    );
    expect(expandDirectory('C:\\$NAME', { environment, platform: 'win32' })).toBe('C:\\$NAME');
  });

  it('gives undefined when a variable or the home directory is unknown', () => {
    expect(expandDirectory('$NOPE/bin', { environment: {}, platform: 'linux' })).toBeUndefined();
    expect(expandDirectory('~/bin', { environment: {}, platform: 'linux' })).toBeUndefined();
    expect(
      expandDirectory('~/bin', { environment: {}, platform: 'linux', homeDirectory: '/h' }),
    ).toBe('/h/bin');
  });

  it('reads the home directory from USERPROFILE, else HOMEDRIVE + HOMEPATH, on Windows', () => {
    expect(homeFromEnvironment({ USERPROFILE: 'C:\\Users\\u' }, 'win32')).toBe('C:\\Users\\u');
    expect(homeFromEnvironment({ HOMEDRIVE: 'D:', HOMEPATH: '\\Users\\v' }, 'win32')).toBe(
      'D:\\Users\\v',
    );
    expect(homeFromEnvironment({ HOME: '/home/u' }, 'linux')).toBe('/home/u');
  });
});
