import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  toolOutputFromContent as fromContent,
  type ToolOutput,
  toolOutputFromRawOutput,
  toolResultContent,
} from './tool-output.js';

/** Agent data is untrusted: any JSON value may arrive where the SDK type is declared. */
const toolOutputFromContent = (content: unknown) => fromContent(content as never);

/** T-22: at most 4 pictures, each at most 8 MiB of base64 characters. */
const maxImages = 4;
const maxBase64Chars = 8 * 1024 * 1024;
const isEmptyToolOutput = (output: ToolOutput): boolean =>
  output.text === '' && output.images.length === 0;

const image = (data: string, mimeType?: string) => ({
  type: 'image',
  data,
  ...(mimeType !== undefined ? { mimeType } : {}),
});
const picture = (data: string, mediaType = 'image/png') => ({
  type: 'image',
  source: { type: 'base64', media_type: mediaType, data },
});

describe('toolOutputFromContent', () => {
  it('T-20 content blocks give their text; lines join with newlines, empty ones skipped', () => {
    const output = toolOutputFromContent([
      { type: 'content', content: { type: 'text', text: 'total 0' } },
      { type: 'content', content: { type: 'text', text: '' } },
      { type: 'content', content: { type: 'resource_link', uri: 'file:///a', name: 'a' } },
      { type: 'content', content: { type: 'resource', resource: { uri: 'file:///b', text: 'B' } } },
      { type: 'content', content: { type: 'audio', data: 'AA', mimeType: 'audio/wav' } },
    ]);
    expect(output).toEqual({ text: 'total 0\nfile:///a\nB\n[audio]', images: [] });
  });

  it('T-20 scenario 34: a diff renders path, old and new text', () => {
    expect(
      toolOutputFromContent([{ type: 'diff', path: '/p/a.ts', oldText: 'old', newText: 'new' }])
        .text,
    ).toBe('diff /p/a.ts\n--- old\nold\n+++ new\nnew');
  });

  it('T-20 a diff of a new file has no old part', () => {
    expect(
      toolOutputFromContent([{ type: 'diff', path: '/n', oldText: null, newText: 'x' }]).text,
    ).toBe('diff /n\n+++ new\nx');
  });

  it('T-20 a terminal is named, other items are ignored', () => {
    expect(
      toolOutputFromContent([
        { type: 'terminal', terminalId: 'term_1' },
        { type: 'mystery' },
        'garbage',
        null,
      ]).text,
    ).toBe('[terminal term_1]');
  });

  it('T-22 image blocks become Claude pictures; the media type defaults to image/png', () => {
    const output = toolOutputFromContent([
      { type: 'content', content: image('AAAA', 'image/jpeg') },
      { type: 'content', content: image('BBBB') },
      { type: 'content', content: image('') },
    ]);
    expect(output.images).toEqual([picture('AAAA', 'image/jpeg'), picture('BBBB')]);
    expect(output.text).toBe('[image]');
  });

  it('T-20 gap fix: the output of a frame is complete in itself (callers replace, not append)', () => {
    const first = toolOutputFromContent([
      { type: 'content', content: { type: 'text', text: 'a' } },
    ]);
    const second = toolOutputFromContent([
      { type: 'content', content: { type: 'text', text: 'a' } },
      { type: 'content', content: { type: 'text', text: 'b' } },
    ]);
    expect(first.text).toBe('a');
    expect(second.text).toBe('a\nb');
  });

  it('T-20 anything but an array is empty', () => {
    expect(isEmptyToolOutput(toolOutputFromContent(undefined))).toBe(true);
    expect(isEmptyToolOutput(toolOutputFromContent({ type: 'content' }))).toBe(true);
  });
});

describe('toolOutputFromRawOutput', () => {
  it('T-21 scenario 35: an MCP result gives text and image blocks, base64 never in the text', () => {
    const output = toolOutputFromRawOutput({
      result: {
        content: [
          { type: 'text', text: 'rendered' },
          { type: 'image', data: 'iVBORw0KGgo', mimeType: 'image/png' },
        ],
        structuredContent: null,
      },
      error: null,
    });
    expect(output).toEqual({ text: 'rendered', images: [picture('iVBORw0KGgo')] });
    expect(toolResultContent(output)).toEqual([
      { type: 'text', text: 'rendered' },
      picture('iVBORw0KGgo'),
    ]);
    expect(JSON.stringify(toolResultContent(output)).match(/iVBORw0KGgo/g)).toHaveLength(1);
  });

  it('T-21 scenario 36: a text-only MCP result is the plain text', () => {
    const output = toolOutputFromRawOutput({
      result: { content: [{ type: 'text', text: 'pong' }] },
    });
    expect(toolResultContent(output)).toBe('pong');
  });

  it('T-21 scenario 37: several text blocks join with newlines', () => {
    expect(
      toolOutputFromRawOutput({
        result: {
          content: [
            { type: 'text', text: 'a' },
            { type: 'text', text: 'b' },
          ],
        },
      }).text,
    ).toBe('a\nb');
  });

  it('T-22 scenario 38: at most 4 pictures; oversized and extra ones become [image] lines', () => {
    const big = 'A'.repeat(maxBase64Chars + 1);
    const output = toolOutputFromRawOutput({
      result: {
        content: [
          image('1'),
          image(big),
          image('2'),
          image('3'),
          image('4'),
          image('5'),
          image('6'),
        ],
      },
    });
    expect(output.images.map((block) => block.source.data)).toEqual(['1', '2', '3', '4']);
    expect(output.text).toBe('[image]\n[image]\n[image]');
  });

  it('T-22 scenario 39: the caps are 4 pictures of at most 8 MiB of base64 each', () => {
    const output = toolOutputFromRawOutput({
      content: ['A'.repeat(8_388_608), 'A'.repeat(8_388_609), '2', '3', '4', '5'].map((data) =>
        image(data),
      ),
    });
    expect(output.images.map((block) => block.source.data.length)).toEqual([8_388_608, 1, 1, 1]);
    expect(output.text).toBe('[image]\n[image]');
  });

  it('T-22 a picture exactly at the size cap is kept', () => {
    const exact = 'A'.repeat(maxBase64Chars);
    expect(toolOutputFromRawOutput({ content: [image(exact)] }).images).toHaveLength(1);
  });

  it('T-21 scenario 40: other shapes are serialized compactly', () => {
    expect(toolOutputFromRawOutput({ success: true, lines: [1, 2] }).text).toBe(
      '{"success":true,"lines":[1,2]}',
    );
    expect(toolOutputFromRawOutput(42).text).toBe('42');
    expect(toolOutputFromRawOutput(false).text).toBe('false');
  });

  it('T-21 scenario 41: a string is used verbatim', () => {
    expect(toolOutputFromRawOutput('  exact\ntext ')).toEqual({
      text: '  exact\ntext ',
      images: [],
    });
  });

  it('T-21 scenario 42: an MCP result with empty content falls back to the serialized value', () => {
    const raw = { result: { content: [], structuredContent: null, _meta: null }, error: null };
    expect(toolOutputFromRawOutput(raw).text).toBe(JSON.stringify(raw));
  });

  it('T-21 a bare MCP CallToolResult ({content}) is read too', () => {
    expect(
      toolOutputFromRawOutput({ content: [{ type: 'text', text: 'hi' }], isError: false }).text,
    ).toBe('hi');
  });

  it('T-21 a bare list of content blocks (a tool_result as claude-agent-acp relays it) is read too', () => {
    expect(toolOutputFromRawOutput([{ type: 'text', text: 'echo: ping' }]).text).toBe('echo: ping');
    expect(toolOutputFromRawOutput([1, 2]).text).toBe('[1,2]');
  });

  it('T-21 null and undefined give an empty output', () => {
    expect(isEmptyToolOutput(toolOutputFromRawOutput(null))).toBe(true);
    expect(isEmptyToolOutput(toolOutputFromRawOutput(undefined))).toBe(true);
  });
});

describe('toolResultContent', () => {
  it('T-30 a plain string without pictures (empty text stays empty)', () => {
    expect(toolResultContent({ text: 'total 0', images: [] })).toBe('total 0');
    expect(toolResultContent({ text: '', images: [] })).toBe('');
  });

  it('T-30 pictures without text give an array of only the pictures', () => {
    expect(toolResultContent({ text: '', images: [picture('A') as never] })).toEqual([
      picture('A'),
    ]);
  });
});

describe('tool output invariants', () => {
  it('T-22 never throws on any JSON, and always respects the picture caps (property)', () => {
    const blocks = fc.oneof(
      fc.jsonValue(),
      fc.record({
        type: fc.constant('image'),
        data: fc.string({ minLength: 1 }),
        mimeType: fc.string(),
      }),
    );
    fc.assert(
      fc.property(fc.array(blocks, { maxLength: 10 }), fc.jsonValue(), (content, raw) => {
        const items = content.map((block) => ({ type: 'content', content: block }));
        for (const output of [
          toolOutputFromContent(items),
          toolOutputFromRawOutput({ result: { content } }),
          toolOutputFromRawOutput(raw),
        ]) {
          expect(output.images.length).toBeLessThanOrEqual(maxImages);
          expect(typeof output.text).toBe('string');
          const result = toolResultContent(output);
          expect(typeof result === 'string' || Array.isArray(result)).toBe(true);
        }
      }),
    );
  });
});
