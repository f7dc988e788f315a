import { describe, expect, it } from 'vitest';
import { contentBlockText as textOf } from './content-block-text.js';

/** Agent data is untrusted: any JSON value may arrive where the SDK type is declared. */
const contentBlockText = (block: unknown) => textOf(block as never);

describe('contentBlockText', () => {
  it.each([
    [{ type: 'text', text: 'hello' }, 'hello'],
    [{ type: 'resource_link', uri: 'file:///a.txt', name: 'a.txt' }, 'file:///a.txt'],
    [{ type: 'resource', resource: { uri: 'file:///b', text: 'body' } }, 'body'],
    [{ type: 'resource', resource: { uri: 'file:///c', blob: 'AAAA' } }, 'file:///c'],
    [{ type: 'resource', resource: null }, ''],
    [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }, '[image]'],
    [{ type: 'audio', data: 'AAAA', mimeType: 'audio/wav' }, '[audio]'],
    [{ type: 'video' }, ''],
    [{ text: 'no type' }, ''],
    [{ type: 'text' }, ''],
  ])('N-10 %j → %j', (block, expected) => {
    expect(contentBlockText(block)).toBe(expected);
  });

  it.each([[null], [undefined], ['text'], [3]])('N-10 a non-object (%j) has no text', (value) => {
    expect(contentBlockText(value)).toBeUndefined();
  });
});
