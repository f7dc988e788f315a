/**
 * The text of one ACP content block (N-10): `text` → its text; `resource_link` → its `uri`;
 * `resource` → the embedded text, else its `uri`; `image` → `[image]`; `audio` → `[audio]`; any
 * other type → `''`. `undefined` for a value that is not an object.
 */
export function contentBlockText(block: unknown): string | undefined {
  if (typeof block !== 'object' || block === null) return undefined;
  const record = block as Record<string, unknown>;
  switch (record.type) {
    case 'text':
      return typeof record.text === 'string' ? record.text : '';
    case 'resource_link':
      return typeof record.uri === 'string' ? record.uri : '';
    case 'resource': {
      const resource = record.resource;
      if (typeof resource !== 'object' || resource === null) return '';
      const contents = resource as Record<string, unknown>;
      if (typeof contents.text === 'string') return contents.text;
      return typeof contents.uri === 'string' ? contents.uri : '';
    }
    case 'image':
      return '[image]';
    case 'audio':
      return '[audio]';
    default:
      return '';
  }
}
