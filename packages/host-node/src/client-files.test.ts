import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClientFiles } from './client-files.js';

let root: string;
let project: string;
let extra: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'agentbridge-files-'));
  project = join(root, 'project');
  extra = join(root, 'extra');
  mkdirSync(project);
  mkdirSync(extra);
  writeFileSync(join(root, 'secret.txt'), 'secret');
  writeFileSync(join(project, 'lines.txt'), 'one\ntwo\nthree\nfour');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const session = { sessionId: 's' };
const inbox = { onMcpMessage: () => {} };

describe('client files on the host', () => {
  it('CF-05 reads a whole file or lines of it (line is 1-based) inside the cwd and the --add-dir directories', async () => {
    const files = createClientFiles([project, extra]);
    const read = files['fs/read_text_file'];
    await expect(read?.({ ...session, path: join(project, 'lines.txt') }, inbox)).resolves.toEqual({
      content: 'one\ntwo\nthree\nfour',
    });
    await expect(
      read?.({ ...session, path: join(project, 'lines.txt'), line: 2, limit: 2 }, inbox),
    ).resolves.toEqual({
      content: 'two\nthree',
    });
    await files['fs/write_text_file']?.(
      {
        ...session,
        path: join(extra, 'new/dir/a.txt'),
        content: 'hi',
      },
      inbox,
    );
    expect(readFileSync(join(extra, 'new/dir/a.txt'), 'utf8')).toBe('hi');
  });

  it('CF-05 refuses paths outside the directories, through .. or a symbolic link, and relative paths', async () => {
    const files = createClientFiles([project]);
    symlinkSync(root, join(project, 'escape'));
    for (const path of [
      join(root, 'secret.txt'),
      join(project, '..', 'secret.txt'),
      join(project, 'escape', 'secret.txt'),
      '/etc/passwd',
    ])
      await expect(files['fs/read_text_file']?.({ ...session, path }, inbox)).rejects.toThrow(
        /outside/,
      );
    await expect(
      files['fs/write_text_file']?.(
        {
          ...session,
          path: join(project, 'escape', 'x.txt'),
          content: 'x',
        },
        inbox,
      ),
    ).rejects.toThrow(/outside/);
    await expect(
      files['fs/read_text_file']?.({ ...session, path: 'lines.txt' }, inbox),
    ).rejects.toThrow(/absolute/);
  });

  it('CF-07 a dangling link is not written through, a FIFO or device is refused at once, ..name is inside', async () => {
    const files = createClientFiles([project]);
    const outside = join(root, 'created.txt');
    symlinkSync(outside, join(project, 'dangling'));
    await expect(
      files['fs/write_text_file']?.(
        { ...session, path: join(project, 'dangling'), content: 'x' },
        inbox,
      ),
    ).rejects.toThrow(/symbolic link/);
    expect(() => readFileSync(outside)).toThrow();
    execFileSync('mkfifo', [join(project, 'pipe')]);
    for (const operation of ['fs/read_text_file', 'fs/write_text_file'] as const)
      await expect(
        files[operation]?.({ ...session, path: join(project, 'pipe'), content: 'x' }, inbox),
      ).rejects.toThrow(/not a regular file/);
    await expect(
      files['fs/read_text_file']?.({ ...session, path: '/dev/zero' }, inbox),
    ).rejects.toThrow(/outside/);
    await files['fs/write_text_file']?.(
      { ...session, path: join(project, '..notes.txt'), content: 'n' },
      inbox,
    );
    expect(readFileSync(join(project, '..notes.txt'), 'utf8')).toBe('n');
    await expect(
      files['fs/read_text_file']?.({ ...session, path: join(project, '..notes.txt') }, inbox),
    ).resolves.toEqual({ content: 'n' });
  });

  it('CF-09 a file larger than the read limit is refused with an error naming the limit', async () => {
    const files = createClientFiles([project], { maxReadBytes: 10 });
    writeFileSync(join(project, 'ten.txt'), '0123456789');
    writeFileSync(join(project, 'big.txt'), '0123456789A');
    const read = files['fs/read_text_file'];
    await expect(read?.({ ...session, path: join(project, 'ten.txt') }, inbox)).resolves.toEqual({
      content: '0123456789',
    });
    await expect(read?.({ ...session, path: join(project, 'big.txt') }, inbox)).rejects.toThrow(
      /big\.txt is 11 bytes, over the read limit of 10 bytes/,
    );
  });

  it('CF-05 a missing file fails with its ENOENT code', async () => {
    const files = createClientFiles([project]);
    await expect(
      files['fs/read_text_file']?.({ ...session, path: join(project, 'none') }, inbox),
    ).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });
});
