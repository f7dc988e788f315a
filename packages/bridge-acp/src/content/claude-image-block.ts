/** A Claude (Anthropic Messages) base64 image block, as `tool_result` content carries it. */
export type ClaudeImageBlock = {
  readonly type: 'image';
  readonly source: {
    readonly type: 'base64';
    readonly media_type: string;
    readonly data: string;
  };
};
