import { type Logger, noopLogger } from '@agentbridge/core/contracts';
import type { SignalProcessTree } from './process-group.js';
import { compareStartTimes, type ProcessInspector } from './process-inspector.js';
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
   * `group-killed`: the agent had exited but its process group still had members, all started
   * no earlier than the agent, so the group was killed; `bridge-alive`: another bridge still owns
   * the agent (record kept); `agent-gone`: the agent no longer runs or its pid was recycled, and
   * nothing of its group is left that can be tied to it (nothing signalled); `unreadable`: the
   * file was removed.
   */
  readonly action: 'killed' | 'group-killed' | 'bridge-alive' | 'agent-gone' | 'unreadable';
};

/**
 * Reaps agents whose bridge died without stopping them (Z-03, generalised to many bridges): for
 * every record whose bridge is no longer the recorded process, the agent's process tree is killed
 * **only** when the agent's pid and start time both still match (a recycled pid is never
 * signalled). When the agent itself already exited, what is left of its process group (its
 * children) is killed only if it can be tied to the record: see {@link orphanedGroupMembers}.
 * Such records are consumed either way; records of live bridges are left alone.
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
    if (agentStart === undefined && record.processGroupId !== null) {
      const leftovers = orphanedGroupMembers(inspector, record, record.processGroupId);
      if (leftovers !== undefined) {
        logger.info('reaping orphaned agent', {
          name: record.name,
          pid: record.agent.pid,
          processGroupId: record.processGroupId,
          agentExited: true,
          members: leftovers,
        });
        options.signalTree(record.processGroupId, 'SIGKILL');
        removeProcessRecord(file);
        outcomes.push({ file, record, action: 'group-killed' });
        continue;
      }
    }
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

/**
 * The pids left in the process group of an exited agent, when they can be taken for the agent's
 * descendants; undefined when there are none or when any doubt remains. The agent led its group
 * (`processGroupId` is its pid) and no process with that pid runs now. The kernel does not hand
 * out a pid while a process group still uses it as its id (POSIX: a process group id is not
 * reused before the group's lifetime ends), so the group cannot have been recycled while any of
 * the agent's descendants stayed in it. As a second guard every member must have started no
 * earlier than the recorded agent (comparable start-time tokens, same boot). What remains
 * undetectable: the agent's whole group ended, the pid space wrapped around to the same pid, a
 * new process led a new group with it and exited, leaving members; all before this reaper ran.
 */
function orphanedGroupMembers(
  inspector: ProcessInspector,
  record: ProcessRecord,
  processGroupId: number,
): number[] | undefined {
  if (processGroupId !== record.agent.pid) return undefined;
  const members = inspector.processGroupMembers?.(processGroupId);
  if (members === undefined || members.length === 0) return undefined;
  const tied = members.every((member) => {
    const order = compareStartTimes(member.startTime, record.agent.startTime);
    return order !== undefined && order >= 0;
  });
  return tied ? members.map((member) => member.pid) : undefined;
}
