import { rmSync } from 'node:fs';
import { type Logger, noopLogger } from '@agentbridge/core/contracts';
import { createProcessTreeSignaller, type SignalProcessTree } from './process-group.js';
import { compareStartTimes, type ProcessInspector } from './process-inspector.js';
import { listProcessRecords, type ProcessRecord } from './process-record.js';

/** What {@link reapOrphans} did with a record. */
type ReapOutcome = {
  readonly file: string;
  readonly record: ProcessRecord | undefined;
  readonly action: 'killed' | 'group-killed' | 'bridge-alive' | 'agent-gone' | 'unreadable';
};

/**
 * Reaps agents whose bridge died (Z-03, Z-04): an agent's tree only when pid and start time still
 * match, an exited agent's leftover group only when tied to the record; those records go.
 */
export function reapOrphans(options: {
  readonly stateDirectory: string;
  readonly inspector: ProcessInspector;
  /** Default: the real one. */
  readonly signalTree?: SignalProcessTree;
  readonly logger?: Logger;
}): ReapOutcome[] {
  const { inspector, logger = noopLogger } = options;
  const signalTree = options.signalTree ?? createProcessTreeSignaller(logger);
  return listProcessRecords(options.stateDirectory).map(({ file, record }): ReapOutcome => {
    if (record === undefined) {
      logger.warn('unreadable process record removed', { file });
      rmSync(file, { force: true });
      return { file, record, action: 'unreadable' };
    }
    const { bridge, agent, processGroupId, name } = record;
    if (inspector.startTimeOf(bridge.pid) === bridge.startTime && !inspector.isZombie(bridge.pid))
      return { file, record, action: 'bridge-alive' };
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
      signalTree(processGroupId ?? agent.pid, 'SIGKILL');
    }
    rmSync(file, { force: true });
    return { file, record, action };
  });
}

/**
 * The pids left in the group of an exited agent when they can be tied to it (else undefined): the
 * agent led the group, a group id is not reused while it has members, and (a second guard) every
 * member started no earlier than the agent.
 */
function orphanedGroupMembers(inspector: ProcessInspector, record: ProcessRecord) {
  if (record.processGroupId !== record.agent.pid) return undefined;
  const members = inspector.processGroupMembers?.(record.processGroupId);
  const tied = members?.every(
    (member) => (compareStartTimes(member.startTime, record.agent.startTime) ?? -1) >= 0,
  );
  return members?.length && tied ? members.map((member) => member.pid) : undefined;
}
