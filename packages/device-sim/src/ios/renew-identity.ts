import { type CommandContext, type CommandOutcome, acknowledged, failed } from './command-handlers/command-outcome.ts';
import { MdmErrors } from './command-handlers/mdm-errors.ts';
import { readConfigurationProfile } from './installed-profile.ts';
import { readEnrollmentProfile } from './profile.ts';
import { enrollFromPayload } from './scep-client.ts';

/**
 * replaceEnrolmentProfile is what iOS does with an InstallProfile whose PayloadIdentifier is its own MDM profile's:
 * it replaces the profile in place without unenrolling. The new SCEP payload runs first (a new key, a new
 * certificate from the CA); the MDM payload then uses that identity, so every later request, this command's answer
 * included, is signed with the new certificate. Server, check-in URL and topic may not change in place.
 */
export async function replaceEnrolmentProfile(context: CommandContext, payload: Buffer): Promise<CommandOutcome> {
  const { state } = context;
  const { enrollment } = state;
  let contents;
  try {
    contents = readEnrollmentProfile(payload);
  } catch (err) {
    return failed(MdmErrors.profileInstallFailed(), { code: 4001, domain: 'MCInstallationErrorDomain', message: `not an MDM profile: ${String(err)}` });
  }
  const { mdm, scep } = contents;
  if (mdm.topic !== enrollment.topic || mdm.serverUrl !== enrollment.serverUrl || mdm.checkInUrl !== enrollment.checkInUrl) {
    return failed(MdmErrors.profileInstallFailed(), {
      code: 4030,
      domain: 'MCMDMErrorDomain',
      message: 'The MDM payload may not change its server or topic in place.',
    });
  }
  let identity;
  try {
    identity = await enrollFromPayload(scep, context.fetch);
  } catch (err) {
    // iOS keeps the old profile and identity when the new SCEP enrolment fails.
    return failed(MdmErrors.profileInstallFailed(), {
      code: 22013,
      domain: 'MCSCEPErrorDomain',
      message: `SCEP enrolment failed: ${err instanceof Error ? err.message : String(err)}`,
    });
  }
  enrollment.identity = { key: identity.key, certDer: identity.certDer };
  state.profiles.set(contents.identifier, readConfigurationProfile(payload, false));
  return acknowledged();
}
