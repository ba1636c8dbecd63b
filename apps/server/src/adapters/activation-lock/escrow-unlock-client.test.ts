import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockEscrowUnlock, startMockEscrowUnlock } from '@lease/device-sim';
import { bypassCodeFromBytes, escrowKeyOf } from '@lease/shared';
import { loadConfig } from '../../config.ts';
import {
  ESCROW_NOT_CONFIGURED,
  type EscrowUnlockClient,
  type EscrowUnlockRequest,
  createEscrowUnlockClient,
  offlineEscrowUnlock,
} from './escrow-unlock-client.ts';
import { escrowUnlockFromConfig } from './escrow-unlock-from-config.ts';
import { PUSH_CERT_SUBJECT, startEscrowStandIn } from './escrow.test-kit.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'escrow-'));
const abmLocks = new Map<string, { escrow_key?: string }>();
let escrow: MockEscrowUnlock;
let client: EscrowUnlockClient;

const CODE_BYTES = Buffer.from('1ea841db5edfafe6075b5ae0d845d254', 'hex');
const CODE = bypassCodeFromBytes(CODE_BYTES);
const request = (serial: string, escrowKey = CODE): EscrowUnlockRequest => ({
  serial,
  productType: 'iPhone15,2',
  imei: '356789012345678',
  meid: '35678901234567',
  orgName: '测试门店',
  guid: 'clerk-1',
  escrowKey,
});

beforeAll(async () => {
  const standIn = await startEscrowStandIn(dir, abmLocks);
  escrow = standIn.escrow;
  client = escrowUnlockFromConfig(loadConfig({ DATA_DIR: dir, ...standIn.env }).activationLock);
});
afterAll(async () => {
  await escrow.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("escrow-key unlock client (Apple's service, mutual TLS)", () => {
  it("opens an ABM lock with the code whose hash Apple holds, sending Apple's query and form fields with the push certificate", async () => {
    abmLocks.set('F2LESC000001', { escrow_key: await escrowKeyOf(CODE_BYTES) });
    expect(client.live).toBe(true);
    expect(await client.unlock(request('F2LESC000001'))).toEqual({ ok: true });
    expect(abmLocks.has('F2LESC000001')).toBe(false);
    expect(escrow.unlocked.at(-1)).toMatchObject({
      serial: 'F2LESC000001',
      productType: 'iPhone15,2',
      imei: '356789012345678',
      meid: '35678901234567',
      orgName: '测试门店',
      guid: 'clerk-1',
      escrowKey: CODE,
      clientCertSubject: PUSH_CERT_SUBJECT,
      opened: 'abm',
    });
  });

  it("answers a wrong code as a mismatch, so the caller may try the phone's own code", async () => {
    abmLocks.set('F2LESC000002', { escrow_key: await escrowKeyOf(CODE_BYTES) });
    const other = bypassCodeFromBytes(Buffer.alloc(16, 7));
    const outcome = await client.unlock(request('F2LESC000002', other));
    expect(outcome).toMatchObject({ ok: false, mismatch: true, status: 404 });
    expect(abmLocks.has('F2LESC000002')).toBe(true);
    escrow.lockByDevice('F2LESC000002', other);
    expect(await client.unlock(request('F2LESC000002', other))).toEqual({ ok: true });
    expect(escrow.unlocked.at(-1)).toMatchObject({ serial: 'F2LESC000002', opened: 'device' });
  });

  it('is refused without the push certificate, and says why in Chinese', async () => {
    const anonymous = createEscrowUnlockClient({
      origin: escrow.origin,
      tls: { certPem: '', keyPem: '', ca: fs.readFileSync(path.join(dir, 'escrow-ca.pem'), 'utf8') },
    });
    const outcome = await anonymous.unlock(request('F2LESC000003'));
    expect(outcome).toMatchObject({ ok: false, mismatch: false, status: 403 });
    expect(!outcome.ok && outcome.reason).toContain('MDM 推送证书');
  });

  it('reports Apple being down, and a service it cannot reach', async () => {
    escrow.setFault(() => 503);
    const down = await client.unlock(request('F2LESC000004'));
    escrow.setFault(undefined);
    expect(down).toMatchObject({ ok: false, mismatch: false, status: 503 });
    const plain = await startMockEscrowUnlock();
    const origin = plain.origin;
    await plain.close();
    const gone = await createEscrowUnlockClient({ origin, timeoutMs: 2000 }).unlock(request('F2LESC000005'));
    expect(gone.ok).toBe(false);
    expect(!gone.ok && gone.reason).toContain('无法连接 Apple 激活锁服务');
  });

  it('without a push certificate calls nobody and says the service is not configured', async () => {
    const before = escrow.attempts.length;
    const offline = escrowUnlockFromConfig(loadConfig({ DATA_DIR: dir, ACTIVATION_LOCK_ORIGIN: escrow.origin }).activationLock);
    expect(offline).toBe(offlineEscrowUnlock);
    expect(offline.live).toBe(false);
    expect(await offline.unlock(request('F2LESC000006'))).toEqual({ ok: false, mismatch: false, reason: ESCROW_NOT_CONFIGURED });
    expect(ESCROW_NOT_CONFIGURED).toContain('未配置 Apple 激活锁服务');
    expect(escrow.attempts.length).toBe(before);
  });

  it("defaults to Apple's own origin and takes the APNs push certificate when no other is given", () => {
    const config = loadConfig({ DATA_DIR: dir, APNS_CERT_FILE: '/certs/push.pem', APNS_KEY_FILE: '/certs/push.key' }).activationLock;
    expect(config).toMatchObject({ origin: 'https://deviceservices-external.apple.com', certFile: '/certs/push.pem', keyFile: '/certs/push.key' });
  });
});
