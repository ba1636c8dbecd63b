import { z } from 'zod';
import type { AgentCommand } from './commands.ts';
import { CommandResult } from './command-results.ts';

/**
 * Server → agent frames. `commands` carries the commands themselves when the frame stays under MAX_WS_FRAME;
 * `poke` says commands are waiting (too big for a frame): fetch them with GET /agent/v1/commands.
 */
export type ServerFrame =
  | { t: 'hello'; server_time: string }
  | { t: 'commands'; commands: AgentCommand[] }
  | { t: 'poke' }
  | { t: 'ack'; ids: string[] }
  | { t: 'pong' }
  | { t: 'bye'; retry_after_ms: number };

/** Agent → server frames: command results (answered with `ack`) and keep-alives. */
export const AgentFrame = z.discriminatedUnion('t', [
  z.object({ t: z.literal('result'), results: z.array(CommandResult).min(1).max(20) }),
  z.object({ t: z.literal('ping') }),
]);
export type AgentFrame = z.infer<typeof AgentFrame>;

/** WS close codes the server uses; the agent backs off on all of them, and stops for good on 4403. */
export const WsClose = { SERVICE_RESTART: 1012, TRY_AGAIN_LATER: 1013, TOO_BIG: 1009, REPLACED: 4000, PROTOCOL: 4400, RELEASED: 4403 } as const;
