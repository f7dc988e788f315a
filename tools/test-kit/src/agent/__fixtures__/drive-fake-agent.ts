import type { FakeAgentScenario } from '../../scenario/fake-agent-scenario.js';
import type { AgentDriver } from '../create-agent-driver.js';
import { createAgentDriver } from '../create-agent-driver.js';
import { createFakeAcpAgent } from '../create-fake-acp-agent.js';
import type { FakeAcpAgentOptions } from '../fake-acp-agent.js';

/** A driver over an in-memory fake agent playing `scenario`. */
export function driveFakeAgent(
  scenario: FakeAgentScenario,
  options: FakeAcpAgentOptions = {},
): AgentDriver {
  return createAgentDriver(createFakeAcpAgent(scenario, options));
}
