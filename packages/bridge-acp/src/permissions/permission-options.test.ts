import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  choosePermissionOption,
  readPermissionOptions as readTyped,
} from './permission-options.js';

/** Agent data is untrusted: any JSON value may arrive where the SDK type is declared. */
const readPermissionOptions = (options: unknown) => readTyped(options as never);

const fullOptions = [
  { optionId: 'allow', name: 'Allow', kind: 'allow_once' },
  { optionId: 'always', name: 'Always', kind: 'allow_always' },
  { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
  { optionId: 'never', name: 'Never', kind: 'reject_always' },
];

describe('readPermissionOptions', () => {
  it('PM-01 remembers the first option id of each kind', () => {
    expect(
      readPermissionOptions([
        ...fullOptions,
        { optionId: 'allow-2', name: 'Allow again', kind: 'allow_once' },
      ]),
    ).toEqual({
      allowOnce: 'allow',
      allowAlways: 'always',
      rejectOnce: 'reject',
      rejectAlways: 'never',
    });
  });

  it('PM-01 options without an id or with an unknown kind are ignored', () => {
    expect(
      readPermissionOptions([
        { name: 'no id', kind: 'allow_once' },
        { optionId: '', kind: 'allow_once' },
        { optionId: 'x', kind: 'maybe' },
        { optionId: 'y', kind: 'toString' },
        { optionId: 'z' },
        'garbage',
        { optionId: 'ok', kind: 'reject_once' },
      ]),
    ).toEqual({ rejectOnce: 'ok' });
    expect(readPermissionOptions(undefined)).toEqual({});
  });
});

describe('choosePermissionOption', () => {
  const all = readPermissionOptions(fullOptions);

  it('PM-04 scenario 52: allow selects allow_once', () => {
    expect(choosePermissionOption(all, { allow: true, always: false })).toEqual({
      outcome: 'selected',
      optionId: 'allow',
    });
  });

  it('PM-04 scenario 53: allow with updated permissions selects allow_always', () => {
    expect(choosePermissionOption(all, { allow: true, always: true })).toEqual({
      outcome: 'selected',
      optionId: 'always',
    });
  });

  it('PM-04 allow falls back to allow_always, allow+always to allow_once', () => {
    expect(choosePermissionOption({ allowAlways: 'a' }, { allow: true, always: false })).toEqual({
      outcome: 'selected',
      optionId: 'a',
    });
    expect(choosePermissionOption({ allowOnce: 'o' }, { allow: true, always: true })).toEqual({
      outcome: 'selected',
      optionId: 'o',
    });
  });

  it('PM-04 scenario 54: deny selects reject_once', () => {
    expect(choosePermissionOption(all, { allow: false, always: false })).toEqual({
      outcome: 'selected',
      optionId: 'reject',
    });
  });

  it('PM-05 reject_always is never chosen while reject_once exists, even for an "always" deny', () => {
    expect(choosePermissionOption(all, { allow: false, always: true })).toEqual({
      outcome: 'selected',
      optionId: 'reject',
    });
    expect(
      choosePermissionOption({ rejectAlways: 'never' }, { allow: false, always: false }),
    ).toEqual({ outcome: 'selected', optionId: 'never' });
  });

  it('PM-04 nothing suitable is cancelled', () => {
    expect(choosePermissionOption({}, { allow: true, always: false })).toEqual({
      outcome: 'cancelled',
    });
    expect(choosePermissionOption({ allowOnce: 'a' }, { allow: false, always: false })).toEqual({
      outcome: 'cancelled',
    });
    expect(choosePermissionOption({ rejectOnce: 'r' }, { allow: true, always: true })).toEqual({
      outcome: 'cancelled',
    });
  });

  it('PM-04 a selected option always agrees with the decision (property)', () => {
    const kinds = ['allow_once', 'allow_always', 'reject_once', 'reject_always'] as const;
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({
            optionId: fc.string({ minLength: 1, maxLength: 4 }),
            kind: fc.constantFrom(...kinds),
          }),
          { selector: (option) => option.optionId },
        ),
        fc.boolean(),
        fc.boolean(),
        (options, allow, always) => {
          const outcome = choosePermissionOption(readPermissionOptions(options), { allow, always });
          if (outcome.outcome === 'selected') {
            const chosen = options.find((option) => option.optionId === outcome.optionId);
            expect(chosen?.kind.startsWith(allow ? 'allow' : 'reject')).toBe(true);
          } else {
            expect(
              options.some((option) => option.kind.startsWith(allow ? 'allow' : 'reject')),
            ).toBe(false);
          }
        },
      ),
    );
  });
});
