import { z } from 'zod';
import { loose, openObject } from '../json-rpc/agent-schemas.js';
import type { ClientAnswer } from '../north/client-request-channel.js';
import type { ToolInput } from '../tools/build-tool-input.js';
import { toolRejectedText } from './permission-denials.js';

/**
 * The client's `can_use_tool` answer (a `PermissionResult`), read leniently as the bridge always
 * read it: any other `behavior` denies, a field of the wrong type reads as absent; only an
 * `updatedInput` that is not an object fails it, since the call cannot run with it.
 */
const permissionAnswer = z.looseObject({
  behavior: loose(z.string()),
  updatedInput: openObject.optional(),
  updatedPermissions: loose(z.array(z.unknown())),
  message: loose(z.string()),
  interrupt: loose(z.boolean()),
});

/** What the client decided. */
type PermissionAnswer =
  | { readonly allow: true; readonly updatedInput?: ToolInput; readonly always: boolean }
  | { readonly allow: false; readonly message: string; readonly interrupt: boolean };

/**
 * PM-03: the client's answer as its decision; an error answer denies with its text, a malformed
 * `updatedInput` with a text that says so; `undefined` when no answer came (withdrawn, timed out).
 */
export function readPermissionAnswer(answer: ClientAnswer): PermissionAnswer | undefined {
  if (answer.outcome === 'error')
    return { allow: false, message: answer.message || toolRejectedText, interrupt: false };
  if (answer.outcome !== 'answered') return undefined;
  const parsed = permissionAnswer.safeParse(answer.response);
  if (!parsed.success)
    return {
      allow: false,
      message:
        'The client answered the permission request with an updatedInput that is not an object.',
      interrupt: false,
    };
  const { behavior, updatedInput, updatedPermissions = [], message, interrupt } = parsed.data;
  if (behavior === 'allow')
    return {
      allow: true,
      ...(updatedInput === undefined ? {} : { updatedInput }),
      always: updatedPermissions.length > 0,
    };
  return { allow: false, message: message || toolRejectedText, interrupt: interrupt === true };
}
