import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mdmSignature } from '../../../../../packages/device-sim/src/ios/mdm-signature.ts';
import { iosDevice } from '../../domain/ios-device.table.ts';
import { type MdmHarness, startAdminHarness, waitFor } from '../../test/mdm-harness.ts';
import { mdmEnrollment } from './mdm.table.ts';
import { type PlistDict, buildPlist } from './plist.ts';
import { appleSchemas } from './schema/load-schemas.ts';
import { validateCheckinMessage } from './schema/validate.ts';

let h: MdmHarness;
let headers: { authorization: string };
beforeAll(async () => {
  ({ h, headers } = await startAdminHarness());
});
afterAll(() => h.close());

const enrolment = async (deviceId: string) => (await h.t.db.select().from(mdmEnrollment).where(eq(mdmEnrollment.deviceId, deviceId)))[0];

/**
 * DOCUMENTED_ANSWERS: the answer to each MessageType of Apple's check-in schema from an enrolled phone
 * (docs/apple-checkin-messages.md). Never 401 (iOS drops its MDM profile) and never 5xx.
 */
const DOCUMENTED_ANSWERS: Record<string, number> = {
  GetToken: 400,
  DeclarativeManagement: 200,
  GetBootstrapToken: 400,
  SetBootstrapToken: 400,
  UserAuthenticate: 410,
  TokenUpdate: 200,
  CheckOut: 200,
  Authenticate: 200,
};

describe('Apple check-in protocol, message by message', () => {
  it('answers every MessageType of Apple’s check-in schema as documented, never 401 or 5xx', async () => {
    const { phone, deviceId } = await h.newPhone(headers);
    await waitFor(async () => (await enrolment(deviceId))?.enabled);
    const { udid } = phone;
    const topic = (await enrolment(deviceId)).topic;
    const user = { UserID: 'C1A2B3C4-0000-4000-8000-000000000001', UserShortName: 'hirer', UserLongName: 'Hirer' };
    const messages: PlistDict[] = [
      { MessageType: 'GetToken', UDID: udid, TokenServiceType: 'com.apple.maid' },
      { MessageType: 'DeclarativeManagement', UDID: udid, Endpoint: 'tokens' },
      { MessageType: 'GetBootstrapToken', AwaitingConfiguration: false },
      { MessageType: 'SetBootstrapToken', BootstrapToken: Buffer.from('token') },
      { MessageType: 'UserAuthenticate', UDID: udid, UserID: user.UserID, DigestResponse: '' },
      { MessageType: 'TokenUpdate', Topic: topic, UDID: udid, ...user, Token: Buffer.alloc(32, 9), PushMagic: 'USER-MAGIC' },
      { MessageType: 'CheckOut', Topic: topic, UDID: udid },
      { MessageType: 'Authenticate', Topic: topic, UDID: udid, SerialNumber: phone.serialNumber, DeviceName: 'iPhone', Model: 'MQ0G3', ModelName: 'iPhone' },
    ];
    // The test covers the schema folder: a MessageType Apple adds makes it fail until it has a documented answer.
    expect(new Set(messages.map((m) => m.MessageType))).toEqual(new Set(appleSchemas().checkin.keys()));
    const identity = phone.identity;
    if (!identity) throw new Error('not enrolled');
    const deviceToken = (await enrolment(deviceId)).tokenHex;
    for (const message of messages) {
      const type = String(message.MessageType);
      expect(validateCheckinMessage(type, message), type).toEqual([]);
      const body = Buffer.from(buildPlist(message));
      const res = await h.t.app.inject({
        method: 'PUT',
        url: '/mdm/checkin',
        headers: { 'content-type': 'application/x-apple-aspen-mdm-checkin', 'mdm-signature': mdmSignature(body, identity) },
        payload: body,
      });
      expect(res.statusCode, `${type}: ${res.body}`).toBe(DOCUMENTED_ANSWERS[type]);
      // A user channel's TokenUpdate must not replace the device channel's push token.
      if (type === 'TokenUpdate') expect((await enrolment(deviceId)).tokenHex).toBe(deviceToken);
    }
  });

  it('accepts /mdm/connect without a Content-Type, as NanoMDM does, and still refuses a wrong one', async () => {
    const { phone, deviceId } = await h.newPhone(headers);
    await waitFor(async () => (await enrolment(deviceId))?.enabled);
    const identity = phone.identity;
    if (!identity) throw new Error('not enrolled');
    const body = Buffer.from(buildPlist({ UDID: phone.udid, Status: 'Idle' }));
    const signature = mdmSignature(body, identity);
    const bare = await h.t.app.inject({ method: 'PUT', url: '/mdm/connect', headers: { 'mdm-signature': signature }, payload: body });
    expect(bare.statusCode).toBe(200);
    const wrong = await h.t.app.inject({
      method: 'PUT',
      url: '/mdm/connect',
      headers: { 'mdm-signature': signature, 'content-type': 'application/json' },
      payload: body,
    });
    expect(wrong.statusCode).toBe(415);
  });
});

describe('a phone enrolling again', () => {
  it('runs the after-enrolment steps again on every fresh enrolment (new Authenticate, new identity)', async () => {
    // Unsupervised, so the user may remove the MDM profile (a supervised phone comes back by erase instead).
    const { phone, deviceId } = await h.newPhone(headers, { supervised: false });
    const factsRequests = () => phone.state.commandLog.filter((c) => c.requestType === 'DeviceInformation').length;
    await waitFor(async () => (await h.t.db.select().from(iosDevice).where(eq(iosDevice.id, deviceId)))[0].factsUpdatedAt);
    await phone.connect();
    const before = factsRequests();
    expect(before).toBeGreaterThanOrEqual(1);
    await phone.removeMdmProfile();
    // The hirer opens the phone's enrolment link again: the same one-phone profile the link serves.
    const [row] = await h.t.db.select().from(iosDevice).where(eq(iosDevice.id, deviceId));
    await phone.enroll(await h.t.app.mdm.profiles.profileFor({ storeId: row.storeId, clerkId: row.clerkId, deviceId }, '测试门店'));
    await waitFor(async () => {
      await phone.connect();
      return factsRequests() > before;
    });
    expect((await enrolment(deviceId)).tokenUpdatedAt).not.toBeNull();
  });
});
