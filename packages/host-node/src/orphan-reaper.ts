import { type Logger, noopLogger } from '@agentbridge/core/contracts';
import type { SignalProcessTree } from './process-group.js';
import { compareStartTimes, type ProcessInspector } from './process-inspector.js';
import { listProcessRecords, type ProcessRecord, removeProcessRecord } from './process-record.js';

/** Options of {@link reapOrphans}. */
type ReapOrphansOptions = {
  readonly stateDirectory: string;
  readonly inspector: ProcessInspector;
  readonly signalTree: SignalProcessTree;
  readonly logger?: Logger;
};

/** What {@link reapOrphans} did with each record. */
type ReapOutcome = {
  readonly file: string;
  readonly record: ProcessRecord | undefined;
  /**
   * `killed`: dead bridge, same agent: its tree was killed; `group-killed`: the agent had exited,
   * its leftover group was killed; `bridge-alive`: record kept; `agent-gone`: nothing signalled;
   * `unreadable`: the file was removed.
   */
  readonly action: 'killed' | 'group-killed' | 'bridge-alive' | 'agent-gone' | 'unreadable';
};

/**
 * Reaps agents whose bridge died without stopping them (Z-03, for many bridges): for each record
 * whose bridge is no longer the recorded process, the agent's tree is killed **only** when its
 * pid and start time both still match (a recycled pid is never signalled); an exited agent's
 * leftover group is killed only when it can be tied to the record ({@link orphanedGroupMembers}).
 * Such records are consumed either way; those of live bridges are left alone. The executable's
 * name plays no part (Z-04): an agent launched through a shim is reaped like any other.
 */
export function reapOrphans(options: ReapOrphansOptions): ReapOutcome[] {
  const logger = options.logger ?? noopLogger;
  const { inspector } = options;
  return listProcessRecords(options.stateDirectory).map(({ file, record }): ReapOutcome => {
    if (record === undefined) {
      logger.warn('unreadable process record removed', { file });
      removeProcessRecord(file);
      return { file, record, action: 'unreadable' };
    }
    const { bridge, agent, processGroupId, name } = record;
    if (inspector.startTimeOf(bridge.pid) === bridge.startTime && !inspector.isZombie(bridge.pid)) {
      return { file, record, action: 'bridge-alive' };
    }
    const agentStart = inspector.startTimeOf(agent.pid);
    const leftovers =
      agentStart === undefined ? orphanedGroupMembers(inspector, record) : undefined;
    const action =
      leftovers !== undefined
        ? 'group-killed'
        : agentStart === agent.startTime
          ? 'killed'
          : 'agent-gone';
    if (action === 'agent-gone') {
      logger.debug('orphan record skipped: agent gone or pid reused', { name, pid: agent.pid });
    } else {
      logger.info('reaping orphaned agent', {
        name,
        pid: agent.pid,
        processGroupId,
        ...(leftovers && { agentExited: true, members: leftovers }),
      });
      options.signalTree(processGroupId ?? agent.pid, 'SIGKILL');
    }
    removeProcessRecord(file);
    return { file, record, action };
  });
}

/**
 * The pids left in the group of an exited agent, when they can be tied to it: the agent led the
 * group, and a group id is not reused while the group has members; as a second guard every member
 * started no earlier than the agent (comparable tokens). Undefined when none or in any doubt.
 */
function orphanedGroupMembers(
  inspector: ProcessInspector,
  record: ProcessRecord,
): number[] | undefined {
  if (record.processGroupId !== record.agent.pid) return undefined;
  const members = inspector.processGroupMembers?.(record.processGroupId);
  const tied = members?.every(
    (member) => (compareStartTimes(member.startTime, record.agent.startTime) ?? -1) >= 0,
  );
  return members?.length && tied ? members.map((member) => member.pid) : undefined;
}
