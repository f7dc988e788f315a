/** A client `control_request` line. */
export const control = (requestId: string, request: Record<string, unknown>) => ({
  type: 'control_request',
  request_id: requestId,
  request,
});
