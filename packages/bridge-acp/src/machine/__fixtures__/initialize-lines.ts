import type { Line } from '../../__fixtures__/bridge-harness.js';

/** The client's `initialize` with extra request fields. */
export function initializeWith(request: Line, requestId = 'req_1'): Line {
  return {
    type: 'control_request',
    request_id: requestId,
    request: { subtype: 'initialize', ...request },
  };
}

export const initializeAnswer = (lines: readonly Line[]): Line | undefined =>
  lines.find((line) => line.type === 'control_response' && line.response.request_id === 'req_1')
    ?.response;
