import { type Logger, noopLogger } from '@agentbridge/core';
import type { SignalProcessTree } from './process-group.js';
import type { ProcessInspector } from './process-inspector.js';
import { listProcessRecords, type ProcessRecord, removeProcessRecord } from './process-record.js';

/** Options of {@link reapOrphans}. */
export type ReapOrphansOptions = {
  readonly stateDirectory: string;
  readonly inspector: ProcessInspector;
  readonly signalTree: SignalProcessTree;
  readonly logger?: Logger;
};

/** What {@link reapOrphans} did with each record. */
export type ReapOutcome = {
  readonly file: string;
  readonly record: ProcessRecord | undefined;
  /**
   * `killed`: the bridge was dead and the agent still the same process, so its tree was killed;
   * `bridge-alive`: another bridge still owns the agent (record kept); `agent-gone`: the agent no
   * longer runs or its pid was recycled (nothing signalled); `unreadable`: the file was removed.
   */
  readonly action: 'killed' | 'bridge-alive' | 'agent-gone' | 'unreadable';
};

/**
 * Reaps agents whose bridge died without stopping them (Z-03, generalised to many bridges): for
 * every record whose bridge is no longer the recorded process, the agent's process tree is killed
 * **only** when the agent's pid and start time both still match (a recycled pid is never
 * signalled). Such records are consumed either way; records of live bridges are left alone.
 */
export function reapOrphans(options: ReapOrphansOptions): ReapOutcome[] {
  const logger = options.logger ?? noopLogger;
  const { inspector } = options;
  const outcomes: ReapOutcome[] = [];
  for (const { file, record } of listProcessRecords(options.stateDirectory)) {
    if (record === undefined) {
      logger.warn('unreadable process record removed', { file });
      removeProcessRecord(file);
      outcomes.push({ file, record, action: 'unreadable' });
      continue;
    }
    const bridgeStart = inspector.startTimeOf(record.bridge.pid);
    if (bridgeStart === record.bridge.startTime && !inspector.isZombie(record.bridge.pid)) {
      outcomes.push({ file, record, action: 'bridge-alive' });
      continue;
    }
    const agentStart = inspector.startTimeOf(record.agent.pid);
    if (agentStart !== record.agent.startTime) {
      logger.debug('orphan record skipped: agent gone or pid reused', {
        name: record.name,
        pid: record.agent.pid,
      });
      removeProcessRecord(file);
      outcomes.push({ file, record, action: 'agent-gone' });
      continue;
    }
    logger.info('reaping orphaned agent', {
      name: record.name,
      pid: record.agent.pid,
      processGroupId: record.processGroupId,
    });
    options.signalTree(record.processGroupId ?? record.agent.pid, 'SIGKILL');
    removeProcessRecord(file);
    outcomes.push({ file, record, action: 'killed' });
  }
  return outcomes;
}
