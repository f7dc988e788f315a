import { describe, expect, it } from 'vitest';
import { closestMatch } from './closest-match.js';

describe('closestMatch', () => {
  it('FT-10 the closest candidate within two edits, case ignored; none further away', () => {
    expect(closestMatch('gemnii', ['codex', 'gemini', 'qwen'])).toBe('gemini');
    expect(closestMatch('QWEN', ['qwen'])).toBe('qwen');
    expect(closestMatch('codx', ['code', 'codex'])).toBe('code');
    expect(closestMatch('claude', ['codex', 'gemini'])).toBeUndefined();
    expect(closestMatch('abcd', ['ab'], 2)).toBe('ab');
    expect(closestMatch('abcd', ['ab'], 1)).toBeUndefined();
  });
});
