import { signCms } from './cms.ts';
import type { DeviceIdentity } from './identity.ts';

/**
 * mdmSignature is the `Mdm-Signature` header value iOS sends when the MDM payload sets SignMessage: base64 of a
 * detached CMS SignedData over the exact request body, signed with the SCEP identity key.
 */
export const mdmSignature = (body: Buffer, identity: DeviceIdentity, now = new Date()): string =>
  signCms({ content: body, detached: true, signer: identity, now }).toString('base64');
