/**
 * Agent protocol /agent/v1 (docs/android-agent-protocol.md): the messages between the Android agent and the
 * server, shared by the gateway and the simulated agent. Import as `@lease/shared/agent-protocol`; one file per part under agent-protocol/.
 */
export * from './agent-protocol/commands.ts';
export * from './agent-protocol/enrolment.ts';
export * from './agent-protocol/policy.ts';
export * from './agent-protocol/checkin.ts';
export * from './agent-protocol/command-results.ts';
export * from './agent-protocol/ws-frames.ts';
export * from './agent-protocol/request-signing.ts';
export * from './agent-protocol/console-calls.ts';
