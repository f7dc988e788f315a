// Writes `count` stream-json-like lines of about `bytes` bytes to stdout as fast as backpressure allows.
const count = Number(process.argv[2] ?? 1_000_000);
const bytes = Number(process.argv[3] ?? 100);
const line = `{"type":"stream_event","event":{"delta":{"text":"${'z'.repeat(Math.max(0, bytes - 50))}"}}}\n`;
const batch = line.repeat(256);
let written = 0;
function pump() {
  while (written < count) {
    const size = Math.min(256, count - written);
    written += size;
    if (!process.stdout.write(size === 256 ? batch : line.repeat(size))) {
      process.stdout.once('drain', pump);
      return;
    }
  }
}
pump();
