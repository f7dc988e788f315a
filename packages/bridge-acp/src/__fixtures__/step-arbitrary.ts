import fc from 'fast-check';

/** One random input of an interleaving. */
export type Step =
  | {
      readonly side: 'client';
      readonly kind:
        | 'initialize'
        | 'interrupt'
        | 'set_model'
        | 'set_mode'
        | 'mcp_status'
        | 'unknown'
        | 'keep_alive'
        | 'end';
    }
  | { readonly side: 'client'; readonly kind: 'user'; readonly text: string }
  | {
      readonly side: 'client';
      readonly kind: 'answer-permission';
      readonly pick: number;
      readonly allow: boolean;
      readonly interrupt: boolean;
    }
  | { readonly side: 'garbage'; readonly toAgentSide: boolean; readonly text: string }
  | {
      readonly side: 'agent';
      readonly kind: 'answer';
      readonly pick: number;
      readonly fail: boolean;
      readonly stopReason: string;
    }
  | {
      readonly side: 'agent';
      readonly kind: 'update';
      readonly update: number;
      readonly otherSession: boolean;
      readonly toolId: number;
    }
  | {
      readonly side: 'agent';
      readonly kind: 'permission';
      readonly toolId: number;
      readonly withAlways: boolean;
    }
  | { readonly side: 'agent'; readonly kind: 'fs-request' }
  | { readonly side: 'fault'; readonly kind: 'line-too-long' | 'fatal-stderr' }
  | { readonly side: 'exit' }
  | { readonly side: 'timer' };

/** Random inputs, weighted towards agent answers and updates. */
export const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .constantFrom(
        'initialize',
        'interrupt',
        'set_model',
        'set_mode',
        'mcp_status',
        'unknown',
        'keep_alive',
      )
      .map((kind) => ({ side: 'client', kind }) as Step),
  },
  { weight: 1, arbitrary: fc.constant({ side: 'client', kind: 'end' } as Step) },
  { weight: 2, arbitrary: fc.constant({ side: 'client', kind: 'interrupt' } as Step) },
  {
    weight: 5,
    arbitrary: fc
      .constantFrom('', 'hi', 'do it', 'go on')
      .map((text) => ({ side: 'client', kind: 'user', text }) as Step),
  },
  {
    weight: 3,
    arbitrary: fc
      .record({ pick: fc.nat(5), allow: fc.boolean(), interrupt: fc.boolean() })
      .map((answer) => ({ side: 'client', kind: 'answer-permission', ...answer }) as Step),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({
        toAgentSide: fc.boolean(),
        text: fc.oneof(
          fc.string(),
          fc.constant('{"id":1}'),
          fc.constant('{"type":"control_response"}'),
        ),
      })
      .map((garbage) => ({ side: 'garbage', ...garbage }) as Step),
  },
  {
    weight: 10,
    arbitrary: fc
      .record({
        pick: fc.nat(5),
        fail: fc.boolean(),
        stopReason: fc.constantFrom('end_turn', 'end_turn', 'cancelled', 'refusal', 'max_tokens'),
      })
      .map((answer) => ({ side: 'agent', kind: 'answer', ...answer }) as Step),
  },
  {
    weight: 8,
    arbitrary: fc
      .record({ update: fc.nat(9), otherSession: fc.boolean(), toolId: fc.nat(2) })
      .map((update) => ({ side: 'agent', kind: 'update', ...update }) as Step),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({ toolId: fc.nat(2), withAlways: fc.boolean() })
      .map((permission) => ({ side: 'agent', kind: 'permission', ...permission }) as Step),
  },
  { weight: 1, arbitrary: fc.constant({ side: 'agent', kind: 'fs-request' } as Step) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('line-too-long' as const, 'fatal-stderr' as const)
      .map((kind) => ({ side: 'fault', kind }) as Step),
  },
  { weight: 1, arbitrary: fc.constant({ side: 'exit' } as Step) },
  // Timers (deadline, cancel grace, the wait for an abandoned prompt) fire often enough to matter.
  { weight: 3, arbitrary: fc.constant({ side: 'timer' } as Step) },
);
