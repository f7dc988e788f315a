import type { ConfigIssue } from '@agentbridge/core';
import { ConfigError } from '@agentbridge/core';

/** A fake-agent scenario is not valid JSON or does not match the scenario format. */
export class ScenarioError extends ConfigError {
  constructor(options: { source?: string; issues: readonly ConfigIssue[] }) {
    super({ filePath: `scenario ${options.source ?? '(inline)'}`, issues: options.issues });
    this.name = 'ScenarioError';
  }
}
