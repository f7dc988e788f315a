import { describe, expect, it } from 'vitest';
import { matchesDomainRule } from './domain-rule.js';

describe('RU-08 WebFetch(domain:…) rules', () => {
  it.each([
    ['domain:example.com', 'https://example.com/a', true],
    ['domain:example.com', 'https://EXAMPLE.com./a', true],
    ['domain:Example.COM', 'http://example.com:8080/', true],
    ['domain:example.com', 'https://www.example.com/', false],
    ['domain:example.com', 'https://example.com.evil.net/', false],
    ['domain:example.com', 'https://evil.net/example.com', false],
    ['domain:example.com', 'https://user:pw@evil.net/', false],
    ['domain: example.com', 'https://example.com/', false],
    ['domain:*', 'https://anything.at.all/', true],
    ['domain:*.example.com', 'https://a.example.com/', true],
    ['domain:*.example.com', 'https://a.b.example.com/', true],
    ['domain:*.example.com', 'https://example.com/', false],
    ['domain:*.example.com', 'https://aexample.com/', false],
    ['domain:*.example.com', 'https://a.example.com.evil.net/', false],
    ['domain:ex*le.com', 'https://example.com/', true],
    ['domain:ex*le.com', 'https://ex.le.com/', false],
    ['domain:example.*', 'https://example.org/', true],
    ['domain:example.*', 'https://example.co.uk/', false],
    ['example.com', 'https://example.com/', false],
    ['domain:example.com', 'not a url', false],
  ])('RU-08 %s on %s: %s', (rule, url, expected) => {
    expect(matchesDomainRule(rule, url)).toBe(expected);
  });
});
