import { buildPkcsReq } from '../packages/device-sim/src/ios/scep-client.ts';
import { createCa, loadCa } from '../apps/server/src/mdm/apple/pki/ca.ts';
import { generateRsaKey, toForgePrivateKey } from '../apps/server/src/mdm/apple/pki/keys.ts';
import { createScepServer } from '../apps/server/src/mdm/apple/pki/scep-server.ts';
import { constants, publicEncrypt } from 'node:crypto';

/**
 * SCEP enrolment as the server does it for each phone (RFC 8894 PKCSReq → CertRep): check the request's
 * signature, open the envelope to the CA (RSA key transport), read the CSR, issue and sign the identity,
 * envelope it back to the phone and sign the CertRep. The phones' requests are built beforehand (their cost
 * is the phone's, not the server's) from a pool of 20 phone keys; each carries its own one-time challenge.
 * The challenge check is an in-memory set here: the database's one UPDATE per enrolment is not counted.
 * Prints phones per second on one thread and the server's CPU ms per phone, plus what node-forge's
 * pure-JS RSA decryption (the previous path) costs per phone, measured beside it.
 */
export async function benchScepEnrolment(phones = 2000) {
  const ca = loadCa(createCa({ key: generateRsaKey() }));
  const challenges = new Set<string>();
  const server = createScepServer({
    ca,
    checkChallenge: async (challenge) => (challenges.delete(challenge) ? { ok: true as const, context: challenge } : { ok: false as const }),
  });
  const keys = Array.from({ length: 20 }, () => generateRsaKey());
  const requests = Array.from({ length: phones }, (_, i) => {
    const challenge = `bench-${i}-${Math.random().toString(36).slice(2)}`;
    challenges.add(challenge);
    return buildPkcsReq({
      key: keys[i % keys.length],
      subject: [
        ['O', 'Lease'],
        ['CN', `bench-phone-${i}`],
      ],
      challenge,
      caCertDer: ca.certDer,
    }).message;
  });
  // Warm-up outside the window (JIT, OpenSSL's key caches).
  for (let i = 0; i < 5; i++) await server.pkiOperation(requests[i]);
  const cpu = process.cpuUsage();
  const start = performance.now();
  let issued = 0;
  for (let i = 5; i < phones; i++) if ((await server.pkiOperation(requests[i])).status === 'issued') issued++;
  const seconds = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuMsPerPhone = (used.user + used.system) / 1000 / (phones - 5);

  // The replaced step alone: node-forge's PKCS#1 v1.5 private decryption of a 16-byte content key.
  const forgeKey = toForgePrivateKey(ca.key);
  const wrapped = publicEncrypt({ key: ca.key, padding: constants.RSA_PKCS1_PADDING }, Buffer.alloc(16, 1)).toString('binary');
  const forgeCpu = process.cpuUsage();
  const forgeRounds = 30;
  for (let i = 0; i < forgeRounds; i++) forgeKey.decrypt(wrapped, 'RSAES-PKCS1-V1_5');
  const forgeUsed = process.cpuUsage(forgeCpu);
  const forgeDecryptMs = (forgeUsed.user + forgeUsed.system) / 1000 / forgeRounds;
  return { phones: phones - 5, issued, seconds, perSecond: (phones - 5) / seconds, cpuMsPerPhone, forgeDecryptMs };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchScepEnrolment(Number(process.argv[2] ?? 2000)));
