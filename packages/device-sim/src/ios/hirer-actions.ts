import { DEP_MACHINE_INFO_CONTENT_TYPE, depMachineInfo } from '../dep/machine-info.ts';
import { type DeviceState, eraseAllContent } from './device-state.ts';
import type { FetchLike } from './transport.ts';

/**
 * What a hirer can do to a leased iPhone without the store: erase it on the phone (Erase All Content and Settings,
 * or a recovery-mode restore from a computer) and set it up again. No CheckOut goes to the server, and Lost Mode goes
 * with management: the server learns of it only when the phone enrols again.
 */

/** eraseByHirer wipes the phone as a restore does: management, profiles, apps and Lost Mode go; hardware and OS stay. */
export function eraseByHirer(state: DeviceState): void {
  eraseAllContent(state);
}

/**
 * fetchAbmProfile is Setup Assistant on a phone its store has in Apple Business Manager: it POSTs its signed
 * MachineInfo to the URL of the DEP profile Apple assigned and gets the enrolment profile back.
 */
export async function fetchAbmProfile(fetch: FetchLike, state: DeviceState, profileUrl: string): Promise<Buffer> {
  const { hardware, os } = state;
  const body = depMachineInfo({
    serial: hardware.serialNumber,
    udid: hardware.udid,
    product: hardware.model.productName,
    version: os.build,
    imei: hardware.imei1,
    meid: hardware.meid,
  });
  const res = await fetch(profileUrl, { method: 'POST', headers: { 'content-type': DEP_MACHINE_INFO_CONTENT_TYPE }, body: new Uint8Array(body) });
  const profile = Buffer.from(await res.arrayBuffer());
  if (!res.ok) throw new Error(`ABM enrolment refused (HTTP ${res.status}): ${profile.toString('utf8').slice(0, 200)}`);
  return profile;
}
