/** The characters that separate a host's labels (and its port) for wildcard matching. */
const separators = '.:';

/** Lower case, trailing dots dropped (`Example.COM.` is `example.com`). */
const normalise = (domain: string): string =>
  domain.toLowerCase().replace(/(?<=[^*.])\.+(?=(:\d+)?$)/, '');

/** `*` matches any run of characters inside one label (`ex*le` matches `example`). */
function matchesLabel(pattern: string, text: string): boolean {
  const parts = pattern.split('*');
  if (parts.length === 1) return pattern === text;
  const first = parts[0] ?? '';
  const last = parts.at(-1) ?? '';
  if (text.length < first.length + last.length) return false;
  if (!text.startsWith(first) || !text.endsWith(last)) return false;
  let at = first.length;
  const end = text.length - last.length;
  for (const middle of parts.slice(1, -1).filter((part) => part !== '')) {
    const found = text.indexOf(middle, at);
    if (found < 0 || found + middle.length > end) return false;
    at = found + middle.length;
  }
  return true;
}

/** Label by label: the same separators in the same places, each label matched by its pattern. */
function matchesLabels(pattern: string, text: string): boolean {
  const labelEnd = (value: string, from: number): number => {
    let index = from;
    while (index < value.length && !separators.includes(value.charAt(index))) index += 1;
    return index;
  };
  let patternAt = 0;
  let textAt = 0;
  for (;;) {
    const patternEnd = labelEnd(pattern, patternAt);
    const textEnd = labelEnd(text, textAt);
    if (pattern.charAt(patternEnd) !== text.charAt(textEnd)) return false;
    if (!matchesLabel(pattern.slice(patternAt, patternEnd), text.slice(textAt, textEnd))) {
      return false;
    }
    if (patternEnd === pattern.length) return true;
    patternAt = patternEnd + 1;
    textAt = textEnd + 1;
  }
}

/** `*.example.com`: one or more labels, then the rest label by label (not `example.com` itself). */
function matchesSubdomains(suffix: string, host: string): boolean {
  let remaining = 1 + [...suffix].filter((character) => separators.includes(character)).length;
  let cut = host.length;
  while (remaining > 0 && cut > 0) {
    cut -= 1;
    if (separators.includes(host.charAt(cut))) remaining -= 1;
  }
  const head = host.slice(0, cut + 1);
  return (
    remaining === 0 &&
    !head.startsWith('.') &&
    !head.includes('..') &&
    !head.includes(':') &&
    matchesLabels(suffix, host.slice(cut + 1))
  );
}

/**
 * RU-08: whether a `WebFetch(domain:…)` rule covers a URL, as Claude Code decides: the host,
 * lower-cased without trailing dots, equals the rule's domain; `domain:*` covers every host,
 * `domain:*.example.com` every subdomain (not `example.com`), and `*` inside a label matches
 * within that label only. A rule without `domain:` or a URL that does not parse matches nothing.
 */
export function matchesDomainRule(content: string, url: unknown): boolean {
  if (!content.startsWith('domain:') || typeof url !== 'string' || !URL.canParse(url)) return false;
  const hostname = new URL(url).hostname;
  if (hostname === '' || hostname.includes('*')) return false;
  const host = normalise(hostname);
  const rule = normalise(content.slice('domain:'.length));
  if (!rule.includes('*')) return rule === host;
  if (rule === '*') return true;
  return rule.startsWith('*.') ? matchesSubdomains(rule.slice(2), host) : matchesLabels(rule, host);
}
