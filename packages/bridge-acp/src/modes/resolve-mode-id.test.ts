import type { BackendQuirks } from '@agentbridge/core/contracts';
import { claudePermissionModes } from '@agentbridge/core/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveModeId, toClaudePermissionMode } from './resolve-mode-id.js';

const gemini = ['default', 'auto-edit', 'yolo'];
const codex = ['read-only', 'auto', 'full-access'];
const goose = ['auto', 'approve', 'smart_approve', 'chat'];
const opencode = ['build', 'plan'];
const claudeCodeAcp = ['default', 'acceptEdits', 'plan', 'dontAsk', 'bypassPermissions'];

describe('resolveModeId', () => {
  it('C-04 scenario 62: Claude modes onto Gemini modes', () => {
    expect(resolveModeId('acceptEdits', gemini)).toBe('auto-edit');
    expect(resolveModeId('bypassPermissions', gemini)).toBe('yolo');
    expect(resolveModeId('default', gemini)).toBe('default');
    expect(resolveModeId('plan', gemini)).toBeUndefined();
  });

  it('C-04 scenario 63: Claude modes onto Codex-style modes', () => {
    expect(resolveModeId('default', codex)).toBe('read-only');
    expect(resolveModeId('acceptEdits', codex)).toBe('auto');
    expect(resolveModeId('bypassPermissions', codex)).toBe('full-access');
    expect(resolveModeId('plan', codex)).toBe('read-only');
  });

  it('C-04 Goose, OpenCode and claude-code-acp results of the seed table', () => {
    expect(resolveModeId('acceptEdits', goose)).toBe('auto');
    expect(resolveModeId('bypassPermissions', goose)).toBe('auto');
    expect(resolveModeId('default', goose)).toBe('approve');
    expect(resolveModeId('plan', goose)).toBeUndefined();
    expect(resolveModeId('plan', opencode)).toBe('plan');
    expect(resolveModeId('default', opencode)).toBeUndefined();
    expect(resolveModeId('acceptEdits', opencode)).toBeUndefined();
    for (const mode of claudeCodeAcp) expect(resolveModeId(mode, claudeCodeAcp)).toBe(mode);
  });

  it("C-04 matching is case-insensitive and returns the agent's own spelling", () => {
    expect(resolveModeId('acceptEdits', ['Default', 'AUTO-EDIT'])).toBe('AUTO-EDIT');
    expect(resolveModeId('ACCEPTEDITS', ['acceptedits'])).toBe('acceptedits');
  });

  it('C-04 candidates are tried in priority order, not in the agent order', () => {
    expect(resolveModeId('bypassPermissions', ['auto', 'yolo'])).toBe('yolo');
  });

  it('C-04 dontAsk, manual and unknown strings use the default row', () => {
    expect(resolveModeId('dontAsk', gemini)).toBe('default');
    expect(resolveModeId('manual', codex)).toBe('read-only');
    expect(resolveModeId('something', ['ask', 'x'])).toBe('ask');
  });

  it('C-04 an agent without modes maps nothing', () => {
    expect(resolveModeId('default', [])).toBeUndefined();
  });

  it('C-04 backend synonyms are tried before the generic table', () => {
    const synonyms: BackendQuirks['permissionModeSynonyms'] = { acceptEdits: ['smart_approve'] };
    expect(resolveModeId('acceptEdits', goose, synonyms)).toBe('smart_approve');
    expect(resolveModeId('default', goose, synonyms)).toBe('approve');
  });

  it('C-04 an empty backend list means the Claude mode has no agent equivalent', () => {
    expect(resolveModeId('plan', codex, { plan: [] })).toBeUndefined();
    // No candidate at all, not even the mode's own name or the generic row.
    expect(resolveModeId('plan', ['plan', 'read-only'], { plan: [] })).toBeUndefined();
  });

  it('C-04 prototype keys are plain unknown modes, never crashes', () => {
    expect(resolveModeId('constructor', gemini)).toBe('default');
    expect(resolveModeId('toString', gemini, {})).toBe('default');
  });

  it('C-04 the result is always one of the agent ids, or nothing (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom(...claudePermissionModes), fc.string({ maxLength: 12 })),
        fc.array(
          fc.oneof(
            fc.constantFrom('default', 'auto', 'yolo', 'plan', 'Read-Only', 'approve'),
            fc.string({ maxLength: 8 }),
          ),
          { maxLength: 6 },
        ),
        (mode, agentModes) => {
          const resolved = resolveModeId(mode, agentModes);
          if (resolved !== undefined) expect(agentModes).toContain(resolved);
        },
      ),
    );
  });
});

describe('toClaudePermissionMode', () => {
  it('C-04 maps Gemini modes back to Claude modes', () => {
    expect(toClaudePermissionMode('default', gemini)).toBe('default');
    expect(toClaudePermissionMode('auto-edit', gemini)).toBe('acceptEdits');
    expect(toClaudePermissionMode('yolo', gemini)).toBe('bypassPermissions');
  });

  it('C-04 picks the Claude mode whose candidate list names the agent mode earliest', () => {
    expect(toClaudePermissionMode('read-only', codex)).toBe('plan');
    expect(toClaudePermissionMode('full-access', codex)).toBe('bypassPermissions');
    expect(toClaudePermissionMode('auto', codex)).toBe('acceptEdits');
  });

  it('C-04 Claude-vocabulary agents map by identity', () => {
    for (const mode of claudeCodeAcp)
      expect(toClaudePermissionMode(mode, claudeCodeAcp)).toBe(mode);
  });

  it('GA-04 an agent mode no Claude mode reaches is no permission mode', () => {
    expect(toClaudePermissionMode('build', opencode)).toBeUndefined();
    expect(toClaudePermissionMode('chat', goose)).toBeUndefined();
    expect(toClaudePermissionMode('low', ['low', 'medium', 'high'])).toBeUndefined();
  });

  it('GA-03 URI mode ids map by their fragment or last segment, both ways', () => {
    const modes = ['https://x.example/session-modes#agent', 'https://x.example/modes/plan'];
    expect(resolveModeId('plan', modes)).toBe(modes[1]);
    expect(resolveModeId('default', modes)).toBe(modes[0]);
    expect(toClaudePermissionMode(modes[1] ?? '', modes)).toBe('plan');
    expect(toClaudePermissionMode(modes[0] ?? '', modes)).toBe('default');
  });

  it('C-04 backend synonyms drive the reverse map too', () => {
    expect(toClaudePermissionMode('smart_approve', goose, { acceptEdits: ['smart_approve'] })).toBe(
      'acceptEdits',
    );
  });

  it('C-04 round trip: a surfaced mode resolves back to the same agent mode (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.constantFrom(
            'default',
            'auto',
            'yolo',
            'plan',
            'read-only',
            'approve',
            'auto-edit',
            'full-access',
            'chat',
          ),
          { minLength: 1, maxLength: 6 },
        ),
        fc.nat(),
        (agentModes, pick) => {
          const agentMode = agentModes[pick % agentModes.length] ?? '';
          const claudeMode = toClaudePermissionMode(agentMode, agentModes);
          if (claudeMode !== undefined && claudeMode !== agentMode) {
            expect(resolveModeId(claudeMode, agentModes)).toBe(agentMode);
          }
        },
      ),
    );
  });
});
