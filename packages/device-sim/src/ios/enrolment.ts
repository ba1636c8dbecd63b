import { type KeyObject, randomBytes, randomUUID } from 'node:crypto';
import { authenticateMessage, tokenUpdateMessage } from './checkin-messages.ts';
import type { DeviceState } from './device-state.ts';
import { readConfigurationProfile } from './installed-profile.ts';
import { ProfileError, readEnrollmentProfile } from './profile.ts';
import { enrollFromPayload } from './scep-client.ts';
import type { PlistDict } from './plist-codec.ts';
import type { HttpOutcome, MdmTransport } from './transport.ts';

export type EnrollmentStep = 'profile' | 'scep' | 'authenticate' | 'token-update';

/** EnrollmentError says which enrolment step failed and, for check-ins, how the server answered. */
export class EnrollmentError extends Error {
  constructor(
    readonly step: EnrollmentStep,
    message: string,
    readonly http?: Exclude<HttpOutcome, { kind: 'ok' }>,
  ) {
    super(message);
  }
}

/** EnrollmentResult is what the phone handed the server, for tests to check against what the server stored. */
export interface EnrollmentResult {
  udid: string;
  /** Lower-case hex of the APNs token, the path segment a push is sent to. */
  pushToken: string;
  pushMagic: string;
  unlockToken: Buffer;
  certificateDer: Buffer;
  topic: string;
}

export interface EnrolmentDeps {
  state: DeviceState;
  transport: MdmTransport;
  /** A pre-generated identity key (key pools); otherwise one of the profile's Keysize is made. */
  key?: KeyObject;
  /** Roots the phone already trusts; when given, a profile signed by anyone else is refused. */
  trustedRoots?: Buffer[];
}

const describe = (http: Exclude<HttpOutcome, { kind: 'ok' }>) => ('status' in http ? `HTTP ${http.status}` : http.detail);

/** checkIn sends one check-in message and turns a refusal into an EnrollmentError for that step. */
async function checkIn(deps: EnrolmentDeps, url: string, step: EnrollmentStep, message: PlistDict): Promise<void> {
  const { enrollment } = deps.state;
  const signer = enrollment.signMessage ? enrollment.identity : undefined;
  const http = await deps.transport.put(url, 'checkin', message, signer);
  if (http.kind !== 'ok') throw new EnrollmentError(step, `${message.MessageType} was refused: ${describe(http)}`, http);
}

/**
 * enrollDevice installs an enrolment profile as iOS does: check the profile's signature, get an identity from the
 * SCEP payload, then Authenticate and TokenUpdate. Any failure leaves the phone unenrolled.
 */
export async function enrollDevice(profileBytes: Buffer, deps: EnrolmentDeps): Promise<EnrollmentResult> {
  const { state, transport } = deps;
  if (state.enrollment.status !== 'unenrolled') throw new EnrollmentError('profile', `the phone is already ${state.enrollment.status}`);
  let contents;
  try {
    contents = readEnrollmentProfile(profileBytes, deps.trustedRoots ?? []);
  } catch (err) {
    throw new EnrollmentError('profile', err instanceof ProfileError ? err.message : String(err));
  }
  if (deps.trustedRoots?.length && !contents.trustedSigner) throw new EnrollmentError('profile', 'the profile is not signed by a trusted certificate');
  const { scep, mdm } = contents;
  let identity;
  try {
    identity = await enrollFromPayload(scep, transport.fetch, deps.key);
  } catch (err) {
    throw new EnrollmentError('scep', `SCEP enrolment failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  const before = state.enrollment;
  const pushToken = randomBytes(32);
  const pushMagic = randomUUID().toUpperCase();
  // A real UnlockToken is an escrow keybag blob; random bytes of a similar size stand in for it.
  const unlockToken = randomBytes(256);
  state.enrollment = {
    status: 'enrolling',
    profileIdentifier: contents.identifier,
    topic: mdm.topic,
    serverUrl: mdm.serverUrl,
    checkInUrl: mdm.checkInUrl,
    signMessage: mdm.signMessage,
    accessRights: mdm.accessRights,
    checkOutWhenRemoved: mdm.checkOutWhenRemoved,
    identity: { key: identity.key, certDer: identity.certDer },
    pushToken,
    pushMagic,
    unlockToken,
  };
  try {
    await checkIn(deps, mdm.checkInUrl, 'authenticate', authenticateMessage(state));
    await checkIn(deps, mdm.checkInUrl, 'token-update', tokenUpdateMessage(state));
  } catch (err) {
    state.enrollment = before;
    throw err;
  }
  state.enrollment.status = 'enrolled';
  state.profiles.set(contents.identifier, readConfigurationProfile(profileBytes, false));
  return {
    udid: state.hardware.udid,
    pushToken: pushToken.toString('hex'),
    pushMagic,
    unlockToken,
    certificateDer: identity.certDer,
    topic: mdm.topic,
  };
}
