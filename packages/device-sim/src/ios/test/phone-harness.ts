import { randomUUID } from 'node:crypto';
import type { MdmCommand } from '../../../../../apps/server/src/mdm/apple/commands.ts';
import { type PlistDict, buildPlist } from '../../../../../apps/server/src/mdm/apple/plist.ts';
import type { SessionResult } from '../mdm-session.ts';
import { type SimulatedIphone, type SimulatedIphoneOptions, createSimulatedIphone } from '../simulated-iphone.ts';
import type { MiniServer } from './mini-server.ts';

let serial = 0;

/** rawCommand builds a command the server has no builder for (ProfileList, DeviceConfigured, unknown types). */
export const rawCommand = (requestType: string, fields: PlistDict = {}): MdmCommand => ({
  CommandUUID: randomUUID().toUpperCase(),
  Command: { RequestType: requestType, ...fields },
});

/** enrolledPhone makes a phone with a unique test serial and enrols it with the mini server. */
export async function enrolledPhone(server: MiniServer, options: Partial<SimulatedIphoneOptions> = {}): Promise<SimulatedIphone> {
  serial += 1;
  const phone = createSimulatedIphone({ serialNumber: `F2LHARNESS${String(serial).padStart(2, '0')}`, ...options });
  await phone.enroll(server.enrollmentProfile(), [server.caCertDer]);
  return phone;
}

/** nextSession resolves with the result of the phone's next session to end. */
export const nextSession = (phone: SimulatedIphone): Promise<SessionResult> =>
  new Promise((resolve) => {
    const off = phone.onSession((result) => {
      off();
      resolve(result);
    });
  });

/** runCommands queues commands, lets the phone connect once, and returns its result for each, in order. */
export async function runCommands(server: MiniServer, phone: SimulatedIphone, ...commands: MdmCommand[]): Promise<PlistDict[]> {
  const uuids = server.enqueue(phone.udid, ...commands);
  await phone.connect();
  return uuids.map((uuid) => {
    const result = server.resultOf(phone.udid, uuid)?.result;
    if (!result) throw new Error(`no result for ${uuid}`);
    return result;
  });
}

/** runCommand is runCommands for one command. */
export const runCommand = async (server: MiniServer, phone: SimulatedIphone, command: MdmCommand): Promise<PlistDict> =>
  (await runCommands(server, phone, command))[0];

/** mobileconfig writes a configuration profile holding the given payloads, as the console generates them. */
export function mobileconfig(identifier: string, ...payloads: PlistDict[]): string {
  return buildPlist({
    PayloadType: 'Configuration',
    PayloadVersion: 1,
    PayloadIdentifier: identifier,
    PayloadUUID: randomUUID().toUpperCase(),
    PayloadDisplayName: '门店限制',
    PayloadContent: payloads.map((p, i) => ({ PayloadVersion: 1, PayloadIdentifier: `${identifier}.${i}`, PayloadUUID: randomUUID().toUpperCase(), ...p })),
  });
}
