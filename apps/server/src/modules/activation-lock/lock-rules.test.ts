import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ActivationLockStatus, RecycledStatus } from '@lease/shared';
import { ESCROW_NOT_CONFIGURED } from '../../adapters/activation-lock/escrow-unlock-client.ts';
import type { IosDeviceRow } from '../ios-device/ios-device.repo.ts';
import type { DeviceLockFacts } from './activation-lock.repo.ts';
import { createCodeBox, sealToPublicKey } from './code-box.ts';
import { FIND_MY_WITHOUT_CODE, cannotGetPassword, cannotTurnOffWith, cannotTurnOn } from './lock-rules.ts';

const phone = (values: Partial<IosDeviceRow> = {}) =>
  ({
    activationLockStatus: ActivationLockStatus.OFF,
    activationLockPasscode: null,
    recycledStatus: RecycledStatus.ACTIVE,
    model: 'iPhone15,2',
    ...values,
  }) as IosDeviceRow;
const withDeviceCode = { deviceCode: 'x1.sealed' } as DeviceLockFacts;

describe('activation lock rules', () => {
  it('turns on only what is off (or a turn-on whose answer was lost)', () => {
    expect(cannotTurnOn(phone())).toBeNull();
    expect(cannotTurnOn(phone({ activationLockStatus: ActivationLockStatus.TURNING_ON, activationLockPasscode: 'v1.x' }))).toBeNull();
    expect(cannotTurnOn(phone({ activationLockStatus: ActivationLockStatus.ON, activationLockPasscode: 'v1.x' }))).toBe('激活锁已开启');
    expect(cannotTurnOn(phone({ recycledStatus: RecycledStatus.RECYCLED }))).toBe('设备在回收站中，请先移出');
  });

  it("turns off only with a code, Apple's service configured and the phone's model known", () => {
    const locked = phone({ activationLockStatus: ActivationLockStatus.ON, activationLockPasscode: 'v1.x' });
    expect(cannotTurnOffWith(locked, null, true, ESCROW_NOT_CONFIGURED)).toBeNull();
    expect(cannotTurnOffWith(locked, null, false, ESCROW_NOT_CONFIGURED)).toBe(ESCROW_NOT_CONFIGURED);
    expect(cannotTurnOffWith({ ...locked, model: '' }, null, true, ESCROW_NOT_CONFIGURED)).toContain('尚未上报型号');
    expect(cannotTurnOffWith(phone({ activationLockStatus: ActivationLockStatus.ON }), null, true, ESCROW_NOT_CONFIGURED)).toBe(FIND_MY_WITHOUT_CODE);
    expect(cannotTurnOffWith(phone({ activationLockStatus: ActivationLockStatus.ON }), withDeviceCode, true, ESCROW_NOT_CONFIGURED)).toBeNull();
    expect(cannotTurnOffWith(phone(), withDeviceCode, true, ESCROW_NOT_CONFIGURED)).toBe('激活锁未开启');
  });

  it('shows a code only when there is one', () => {
    expect(cannotGetPassword(phone({ activationLockPasscode: 'v1.x' }), null)).toBeNull();
    expect(cannotGetPassword(phone(), withDeviceCode)).toBeNull();
    expect(cannotGetPassword(phone({ activationLockStatus: ActivationLockStatus.ON }), null)).toBe(FIND_MY_WITHOUT_CODE);
    expect(cannotGetPassword(phone(), null)).toContain('尚未开启激活锁');
  });
});

describe('code box', () => {
  it('opens what it sealed and what was sealed to its public key, only with the same secret', () => {
    const secret = randomBytes(32);
    const box = createCodeBox(secret);
    const code = 'TF27L-31WN1-E6FH-DMAM-52X5-NFV0';
    const server = box.seal(code);
    const device = sealToPublicKey(box.publicKeyPem, code);
    expect(server).not.toContain(code);
    expect(device).toMatch(/^x1\./);
    expect(box.open(server)).toBe(code);
    expect(box.open(device)).toBe(code);
    const again = createCodeBox(secret);
    expect(again.publicKeyPem).toBe(box.publicKeyPem);
    expect(again.open(device)).toBe(code);
    expect(() => createCodeBox(randomBytes(32)).open(device)).toThrow();
  });
});
