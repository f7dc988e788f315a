// Swaps `<dir>/race` (a real directory) with `<dir>/link` (a link to an outside directory) until
// killed, printing the number of swaps done every 500: each swap is one atomic
// renameat2(RENAME_EXCHANGE) through python3's ctypes (Linux), so the path always exists.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const [directory] = process.argv.slice(2);
const race = join(directory, 'race');
const link = join(directory, 'link');

const script = `
import ctypes, sys
libc = ctypes.CDLL(None, use_errno=True)
a, b = sys.argv[1].encode(), sys.argv[2].encode()
n = 0
while True:
    if libc.renameat2(-100, a, -100, b, 2) != 0:
        sys.exit('renameat2 failed: %d' % ctypes.get_errno())
    n += 1
    if n % 500 == 0:
        print(n, flush=True)
`;
spawn('python3', ['-c', script, race, link], { stdio: 'inherit' });
