import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toAcpPrompt, userText } from './to-acp-prompt.js';

const none = { image: false, audio: false, embeddedContext: false };
const all = { image: true, audio: true, embeddedContext: true };
const base64Image = {
  type: 'image',
  source: { type: 'base64', media_type: 'image/jpeg', data: 'AAAA' },
};

describe('toAcpPrompt', () => {
  it('PR-01 a string becomes one text block', () => {
    expect(toAcpPrompt('look', none)).toEqual({
      blocks: [{ type: 'text', text: 'look' }],
      dropped: [],
    });
  });

  it('PR-01 text blocks are kept in order; empty ones are skipped', () => {
    expect(
      toAcpPrompt(
        [
          { type: 'text', text: 'a' },
          { type: 'text', text: '' },
          { type: 'text', text: 'b' },
        ],
        none,
      ).blocks,
    ).toEqual([
      { type: 'text', text: 'a' },
      { type: 'text', text: 'b' },
    ]);
  });

  it('PR-01 scenario 28: an image becomes an ACP image when the agent accepts images', () => {
    const prompt = toAcpPrompt([{ type: 'text', text: 'look' }, base64Image], {
      ...none,
      image: true,
    });
    expect(prompt.blocks).toEqual([
      { type: 'text', text: 'look' },
      { type: 'image', mimeType: 'image/jpeg', data: 'AAAA' },
    ]);
    expect(prompt.dropped).toEqual([]);
  });

  it('PR-01 the image media type defaults to image/png', () => {
    expect(
      toAcpPrompt([{ type: 'image', source: { type: 'base64', data: 'BB' } }], all).blocks,
    ).toEqual([{ type: 'image', mimeType: 'image/png', data: 'BB' }]);
  });

  it('PR-01 scenario 29: an image is dropped when the agent lacks the image capability', () => {
    expect(toAcpPrompt([{ type: 'text', text: 'look' }, base64Image], none)).toEqual({
      blocks: [{ type: 'text', text: 'look' }],
      dropped: ['image'],
    });
  });

  it('PR-01 an image by URL is a resource link (always supported)', () => {
    expect(
      toAcpPrompt([{ type: 'image', source: { type: 'url', url: 'https://x/y.png' } }], none)
        .blocks,
    ).toEqual([{ type: 'resource_link', uri: 'https://x/y.png', name: 'https://x/y.png' }]);
  });

  it('PR-01 a text document is an embedded resource when the agent accepts embedded context', () => {
    expect(
      toAcpPrompt(
        [
          {
            type: 'document',
            title: 'notes.md',
            source: { type: 'text', media_type: 'text/markdown', data: '# Notes' },
          },
        ],
        all,
      ).blocks,
    ).toEqual([
      {
        type: 'resource',
        resource: { uri: 'attachment:///notes.md', mimeType: 'text/markdown', text: '# Notes' },
      },
    ]);
  });

  it('PR-01 a text document is plain text under its title otherwise', () => {
    expect(
      toAcpPrompt(
        [{ type: 'document', title: 'notes.md', source: { type: 'text', data: '# Notes' } }],
        none,
      ).blocks,
    ).toEqual([{ type: 'text', text: 'notes.md\n\n# Notes' }]);
    expect(
      toAcpPrompt(
        [{ type: 'document', source: { type: 'content', content: [{ type: 'text', text: 'x' }] } }],
        none,
      ).blocks,
    ).toEqual([{ type: 'text', text: 'x' }]);
  });

  it('PR-01 a PDF is a resource blob with embedded context, else dropped', () => {
    const pdf = {
      type: 'document',
      source: { type: 'base64', media_type: 'application/pdf', data: 'JVBE' },
    };
    expect(toAcpPrompt([pdf], all).blocks).toEqual([
      {
        type: 'resource',
        resource: { uri: 'attachment:///document-1', mimeType: 'application/pdf', blob: 'JVBE' },
      },
    ]);
    expect(toAcpPrompt([pdf], { ...all, embeddedContext: false })).toEqual({
      blocks: [],
      dropped: ['document (application/pdf)'],
    });
  });

  it('PR-01 audio needs the audio capability', () => {
    const audio = {
      type: 'audio',
      source: { type: 'base64', media_type: 'audio/mpeg', data: 'AA' },
    };
    expect(toAcpPrompt([audio], all).blocks).toEqual([
      { type: 'audio', mimeType: 'audio/mpeg', data: 'AA' },
    ]);
    expect(toAcpPrompt([audio], none).dropped).toEqual(['audio']);
  });

  it('PR-01 other block types are dropped and named', () => {
    expect(
      toAcpPrompt(
        [
          { type: 'tool_result', tool_use_id: 'x', content: 'y' },
          { type: 'thinking' },
          { x: 1 },
          'str',
        ],
        all,
      ),
    ).toEqual({ blocks: [], dropped: ['tool_result', 'thinking', 'unknown block'] });
  });

  it('PR-02 nothing translatable gives no blocks', () => {
    expect(toAcpPrompt('', all).blocks).toEqual([]);
    expect(toAcpPrompt(undefined, all).blocks).toEqual([]);
    expect(toAcpPrompt([], all).blocks).toEqual([]);
  });
});

describe('userText', () => {
  it('PR-03 concatenates text blocks without a separator and skips the rest', () => {
    expect(
      userText([{ type: 'text', text: 'First.' }, base64Image, { type: 'text', text: 'Second.' }]),
    ).toBe('First.Second.');
  });

  it('PR-03 a string is itself; anything else is empty', () => {
    expect(userText('hello')).toBe('hello');
    expect(userText(undefined)).toBe('');
    expect(userText([null, 3])).toBe('');
  });
});

describe('prompt invariants', () => {
  it('PR-01 never throws on any JSON and never sends what the agent cannot take (property)', () => {
    const block = fc.oneof(
      fc.jsonValue(),
      fc.record({
        type: fc.constantFrom('text', 'image', 'audio', 'document'),
        text: fc.string(),
        source: fc.record({
          type: fc.constantFrom('base64', 'url', 'text', 'content'),
          data: fc.string(),
          media_type: fc.string(),
          url: fc.string(),
        }),
      }),
    );
    fc.assert(
      fc.property(
        fc.oneof(fc.array(block, { maxLength: 8 }), fc.jsonValue()),
        fc.record({ image: fc.boolean(), audio: fc.boolean(), embeddedContext: fc.boolean() }),
        (content, capabilities) => {
          const { blocks } = toAcpPrompt(content, capabilities);
          for (const translated of blocks) {
            if (translated.type === 'image') expect(capabilities.image).toBe(true);
            if (translated.type === 'audio') expect(capabilities.audio).toBe(true);
            if (translated.type === 'resource') expect(capabilities.embeddedContext).toBe(true);
          }
          expect(typeof userText(content)).toBe('string');
        },
      ),
    );
  });
});
