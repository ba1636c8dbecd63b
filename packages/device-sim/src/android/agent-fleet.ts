import { type SimulatedAgentOptions, SimulatedAndroidAgent } from './simulated-agent.ts';

export interface AgentFleetOptions {
  serverUrl: string;
  count: number;
  /** A fresh one-time token per phone (the console's enroll-token call). */
  issueToken: () => Promise<string>;
  /** Enrolments in flight at once. */
  concurrency?: number;
  agent?: Partial<SimulatedAgentOptions>;
  /** Start each agent's WebSocket once enrolled (default true). */
  start?: boolean;
}

/**
 * createAgentFleet enrols N simulated agents, a few at a time, each with its own token, and starts them.
 * One process holds them all: each agent is one WebSocket and a little state.
 */
export async function createAgentFleet(opts: AgentFleetOptions) {
  const agents: SimulatedAndroidAgent[] = [];
  let next = 0;
  const worker = async () => {
    while (next < opts.count) {
      next += 1;
      const agent = new SimulatedAndroidAgent({ serverUrl: opts.serverUrl, ...opts.agent });
      await agent.enroll(await opts.issueToken());
      if (opts.start !== false) agent.start();
      agents.push(agent);
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.concurrency ?? 8, opts.count) }, worker));
  return {
    agents,
    get connected() {
      return agents.filter((a) => a.connected).length;
    },
    async stop() {
      await Promise.all(agents.map((a) => a.stop()));
    },
  };
}
export type AgentFleet = Awaited<ReturnType<typeof createAgentFleet>>;
