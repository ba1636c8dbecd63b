import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type MockDep, type MockEscrowUnlock, startMockDep } from '@lease/device-sim';
import { startEscrowStandIn } from '../adapters/activation-lock/escrow.test-kit.ts';
import { type MdmHarness, startMdmHarness } from './mdm-harness.ts';

export interface AppleServicesHarness {
  h: MdmHarness;
  dep: MockDep;
  escrow: MockEscrowUnlock;
  close(): Promise<void>;
}

/**
 * startAppleServicesHarness is the MDM harness with Apple's web services stood in locally: the DEP server (ABM)
 * holding `abmSerials`, and the escrow-key unlock service, which lifts exactly what the DEP stand-in locked.
 */
export async function startAppleServicesHarness(abmSerials: string[]): Promise<AppleServicesHarness> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apple-services-'));
  const dep = await startMockDep({ devices: abmSerials.map((serial_number) => ({ serial_number })) });
  const standIn = await startEscrowStandIn(dir, dep.activationLocks);
  const h = await startMdmHarness({ DEP_ORIGIN: dep.origin, ...standIn.env });
  return {
    h,
    dep,
    escrow: standIn.escrow,
    async close() {
      await h.close();
      await standIn.escrow.close();
      await dep.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
