import { eq } from 'drizzle-orm';
import { mdmSignature } from '../../../../../../packages/device-sim/src/ios/mdm-signature.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { testMdmKeys } from '../../../test/build-test-app.ts';
import { mdmEnrollment } from '../mdm.table.ts';
import { certificateFingerprint } from '../pki/certificate-fields.ts';
import { createCertificate } from '../pki/certificates.ts';
import { generateRsaKey } from '../pki/keys.ts';
import { type PlistDict, buildPlist } from '../plist.ts';

/** One key for every test phone: what differs between phones is the certificate our CA issued. */
const key = generateRsaKey();

export interface DdmTestPhone {
  deviceId: string;
  storeId: string;
  udid: string;
  identity: { key: typeof key; certDer: Buffer };
}

/**
 * enrolledPhone makes an enrolled iPhone (as after TokenUpdate) whose identity certificate our CA issued, so its
 * check-ins pass the real Mdm-Signature check. No simulator: these tests speak the DDM protocol byte for byte.
 */
export async function enrolledPhone(t: TestApp, storeId: string, osVersion = '18.1'): Promise<DdmTestPhone> {
  const device = await t.newIosDevice({ storeId, enrolled: true, osVersion });
  const now = Date.now();
  const certDer = createCertificate({
    subject: [['CN', `phone ${device.id}`]],
    publicKey: key,
    issuer: { key: testMdmKeys.ca.key, certDer: testMdmKeys.ca.certDer },
    notBefore: new Date(now - 60_000),
    notAfter: new Date(now + 86_400_000),
    extensions: [{ name: 'keyUsage', digitalSignature: true }],
  });
  await t.db
    .update(mdmEnrollment)
    .set({ certFingerprint: certificateFingerprint(certDer) })
    .where(eq(mdmEnrollment.deviceId, device.id));
  return { deviceId: device.id, storeId, udid: device.udid!, identity: { key, certDer } };
}

/** checkin sends a signed check-in message from the phone. */
export function checkin(t: TestApp, phone: DdmTestPhone, message: PlistDict) {
  const body = Buffer.from(buildPlist(message));
  return t.app.inject({
    method: 'PUT',
    url: '/mdm/checkin',
    headers: { 'content-type': 'application/x-apple-aspen-mdm-checkin', 'mdm-signature': mdmSignature(body, phone.identity) },
    payload: body,
  });
}

/** ddm sends one DeclarativeManagement check-in (Apple's checkin/declarativemanagement.yaml). */
export const ddm = (t: TestApp, phone: DdmTestPhone, endpoint: string, data?: unknown) =>
  checkin(t, phone, {
    MessageType: 'DeclarativeManagement',
    UDID: phone.udid,
    Endpoint: endpoint,
    ...(data === undefined ? {} : { Data: Buffer.isBuffer(data) ? data : Buffer.from(JSON.stringify(data)) }),
  });
