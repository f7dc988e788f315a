import { tmpdir } from 'node:os';

/** Options of {@link createNormalizer}. */
export type NormalizerOptions = {
  /**
   * Object keys whose string or number values are volatile, mapped to a placeholder label. Merged
   * over the defaults (`sessionId`/`session_id` → `session`, `pid`/`pgid` → `pid`, `uuid` → `uuid`,
   * `timestamp`/`startedAt`/`updatedAt`/`createdAt` → `timestamp`, durations → `duration`).
   */
  readonly keys?: Readonly<Record<string, string>>;
  /** Directories whose paths become `<tmp-N>` (default: the OS temp dir). */
  readonly tempDirectories?: readonly string[];
  /** Literal strings replaced everywhere, e.g. `{ [repoRoot]: '<repo>' }`. */
  readonly literals?: Readonly<Record<string, string>>;
};

/** Replaces volatile values in JSON values and lines with stable placeholders. */
export type Normalizer = {
  /** A deep copy of `value` with volatile values replaced. */
  value<T>(value: T): T;
  /** One line: normalised as JSON when it parses (and re-serialised), else as text. */
  line(line: string): string;
  /** Every line, sharing one numbering. */
  lines(lines: readonly string[]): string[];
};

const defaultKeys: Readonly<Record<string, string>> = {
  sessionId: 'session',
  session_id: 'session',
  pid: 'pid',
  pgid: 'pid',
  uuid: 'uuid',
  timestamp: 'timestamp',
  startedAt: 'timestamp',
  updatedAt: 'timestamp',
  createdAt: 'timestamp',
  duration_ms: 'duration',
  duration_api_ms: 'duration',
  durationMs: 'duration',
  elapsedMs: 'duration',
};

const uuidPattern = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
const timestampPattern = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})?/g;
const placeholderPattern = /^<[a-z-]+(?:-\d+)?>$/;

/**
 * Creates a normaliser: uuids, session ids, timestamps, durations, pids and temp paths become
 * placeholders such as `<uuid-1>`, numbered per label by first appearance, so one value keeps its
 * placeholder across a whole transcript. Durations become plain `<duration>`.
 */
export function createNormalizer(options: NormalizerOptions = {}): Normalizer {
  const keys = { ...defaultKeys, ...options.keys };
  const known = new Map<string, string>();
  const counters = new Map<string, number>();
  const temporaryRoots = (options.tempDirectories ?? [tmpdir()])
    .filter((directory) => directory !== '' && directory !== '/')
    .map((directory) => new RegExp(`${escapeRegExp(directory)}/[^/\\s"'\`]+`, 'g'));
  const literals = Object.entries(options.literals ?? {}).sort(([a], [b]) => b.length - a.length);

  const placeholder = (label: string, original: string): string => {
    if (label === 'duration') return '<duration>';
    const existing = known.get(original);
    if (existing) return existing;
    const next = (counters.get(label) ?? 0) + 1;
    counters.set(label, next);
    const created = `<${label}-${next}>`;
    known.set(original, created);
    return created;
  };

  const text = (input: string): string => {
    if (placeholderPattern.test(input)) return input;
    let output = input;
    for (const [literal, replacement] of literals) output = output.split(literal).join(replacement);
    for (const root of temporaryRoots)
      output = output.replace(root, (match) => placeholder('tmp', match));
    output = output.replace(uuidPattern, (match) => placeholder('uuid', match));
    output = output.replace(timestampPattern, (match) => placeholder('timestamp', match));
    return output;
  };

  const walk = (value: unknown, key: string | undefined): unknown => {
    const label = key === undefined ? undefined : keys[key];
    if (label !== undefined && (typeof value === 'string' || typeof value === 'number')) {
      return typeof value === 'string' && placeholderPattern.test(value)
        ? value
        : placeholder(label, typeof value === 'string' ? value : `number:${value}`);
    }
    if (typeof value === 'string') return text(value);
    if (Array.isArray(value)) return value.map((item) => walk(item, undefined));
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(
        Object.entries(value).map(([entryKey, entryValue]) => [
          entryKey,
          walk(entryValue, entryKey),
        ]),
      );
    }
    return value;
  };

  const normalizer: Normalizer = {
    value: <T>(value: T) => walk(value, undefined) as T,
    line(line) {
      try {
        return JSON.stringify(walk(JSON.parse(line), undefined));
      } catch {
        return text(line);
      }
    },
    lines: (lines) => lines.map((line) => normalizer.line(line)),
  };
  return normalizer;
}

/** Normalises `lines` with a fresh {@link createNormalizer}: the common one-shot case. */
export function normalizeLines(lines: readonly string[], options?: NormalizerOptions): string[] {
  return createNormalizer(options).lines(lines);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
