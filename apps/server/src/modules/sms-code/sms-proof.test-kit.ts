import type { FastifyInstance } from 'fastify';
import { type SmsChallengeResponse, type SmsProof, searchSmsProof } from '@lease/shared';

/** solveChallenge finds the proof for a challenge the way the console does, in slices of tries. */
export function solveChallenge(challenge: string, difficulty: number): SmsProof {
  for (let from = 0; ; from += 10_000) {
    const solution = searchSmsProof(challenge, difficulty, from, 10_000);
    if (solution !== undefined) return { challenge, solution };
  }
}

/**
 * sendPublicCode asks for a code without a session as the console does: once without a proof and, when the server
 * answers SMS_PROOF_REQUIRED, again with a solved challenge. It answers the last response.
 */
export async function sendPublicCode(app: FastifyInstance, payload: { phone_number: string; purpose: string }, remoteAddress = '127.0.0.1') {
  const send = (proof?: SmsProof) => app.inject({ method: 'POST', url: '/api/system/smsverify-noauth', payload: { ...payload, proof }, remoteAddress });
  const first = await send();
  if (first.json().code !== 'SMS_PROOF_REQUIRED') return first;
  const { challenge, difficulty } = (await app.inject({ method: 'GET', url: '/api/system/sms-challenge', remoteAddress })).json<SmsChallengeResponse>();
  return send(solveChallenge(challenge, difficulty));
}
