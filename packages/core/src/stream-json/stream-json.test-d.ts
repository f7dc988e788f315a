import { isKnownContentBlock } from './content-blocks.js';
import type { ClientMessage, ParseServerLineResult, ServerMessage } from './parse-line.js';
import { isKnownClientMessage } from './parse-line.js';
import type { PermissionResult } from './permissions.js';

/** Narrowing works the way the bridge and host use it: ok → known → type → subtype. */
export function describeServerLine(result: ParseServerLineResult): string {
  if (!result.ok) {
    return result.error.reason;
  }
  if (!result.known) {
    const unknownType: string = result.message.type;
    return unknownType;
  }
  const message = result.message;
  switch (message.type) {
    case 'assistant': {
      const texts: string[] = [];
      for (const block of message.message.content) {
        if (isKnownContentBlock(block) && block.type === 'text') {
          texts.push(block.text);
        }
      }
      return texts.join('');
    }
    case 'system':
      return message.subtype === 'init' ? message.tools.join(',') : message.subtype;
    case 'result':
      return message.subtype === 'success' ? message.result : (message.errors ?? []).join(',');
    case 'control_request':
      return message.request.subtype === 'can_use_tool'
        ? message.request.tool_use_id
        : message.request_id;
    default:
      return message.type;
  }
}

/** Client lines narrow the same way. */
export function describeClientLine(message: ClientMessage): string {
  if (!isKnownClientMessage(message)) {
    return 'unknown';
  }
  if (message.type === 'control_request' && message.request.subtype === 'initialize') {
    return String(message.request.systemPrompt);
  }
  return message.type;
}

/** Host-side values are checked against the inferred types. */
export const allow: PermissionResult = { behavior: 'allow' };
export const deny: PermissionResult = { behavior: 'deny', message: 'no', interrupt: true };
export const keepAlive: ServerMessage = { type: 'keep_alive' };
