// A stand-in `claude` (stream-json backend) for the CLI's hygiene tests: writes 8 MiB of
// stream-json lines at once (buffered in this process), says `done writing` on stderr, then idles
// until it is stopped. The client's arguments it is given are ignored.
const line = `${JSON.stringify({ type: 'stream_event', filler: 'z'.repeat(1000) })}\n`;
process.stdout.write(line.repeat(Math.ceil((8 * 1024 * 1024) / line.length)));
process.stderr.write('done writing\n');
setInterval(() => {}, 60_000);
