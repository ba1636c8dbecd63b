import { ProfileInstallError, profileListItem, readConfigurationProfile } from '../installed-profile.ts';
import { booleanOf, dataOf, stringOf } from '../plist-codec.ts';
import { type CommandOutcome, type HandlerTable, acknowledged, failed, formatError } from './command-outcome.ts';
import { MdmErrors } from './mdm-errors.ts';
import { replaceEnrolmentProfile } from '../renew-identity.ts';

/** SUPERVISED_PAYLOADS: payload types iOS installs only on supervised phones. */
const SUPERVISED_PAYLOADS = new Set(['com.apple.proxy.http.global', 'com.apple.app.lock', 'com.apple.homescreenlayout']);

/** profileHandlers install, remove and list configuration profiles; MDM may only replace or remove what it installed. */
export const profileHandlers: HandlerTable = {
  InstallProfile: {
    run: (context): CommandOutcome | Promise<CommandOutcome> => {
      const { state, request } = context;
      const payload = dataOf(request, 'Payload');
      if (!payload) return formatError('InstallProfile needs Payload data');
      let profile;
      try {
        profile = readConfigurationProfile(payload, true, state.supervised);
      } catch (err) {
        if (!(err instanceof ProfileInstallError)) throw err;
        return failed(MdmErrors.profileInstallFailed(), { code: err.code, domain: err.domain, message: err.message });
      }
      const needsSupervision = profile.payloads.find((p) => SUPERVISED_PAYLOADS.has(p.type));
      if (needsSupervision && !state.supervised) return failed(MdmErrors.profileInstallFailed(), MdmErrors.invalidSupervision(needsSupervision.type));
      // The MDM profile itself, sent again (identity renewal): replaced in place, the phone stays enrolled.
      if (profile.identifier === state.enrollment.profileIdentifier) return replaceEnrolmentProfile(context, payload);
      const existing = state.profiles.get(profile.identifier);
      if (existing && !existing.managed) return failed(MdmErrors.profileInstallFailed(), MdmErrors.profileNotManaged(profile.identifier));
      state.profiles.set(profile.identifier, profile);
      return acknowledged();
    },
  },
  RemoveProfile: {
    run: ({ state, request }) => {
      const identifier = stringOf(request, 'Identifier');
      if (!identifier) return formatError('RemoveProfile needs Identifier');
      // Removing the enrolment profile ends management; the phone answers first, then unenrols.
      if (identifier === state.enrollment.profileIdentifier) return acknowledged(undefined, { kind: 'unenroll' });
      const profile = state.profiles.get(identifier);
      if (!profile) return failed(MdmErrors.profileNotInstalled(identifier));
      if (!profile.managed) return failed(MdmErrors.profileNotManaged(identifier));
      state.profiles.delete(identifier);
      return acknowledged();
    },
  },
  ProfileList: {
    run: ({ state, request }) => {
      const managedOnly = booleanOf(request, 'ManagedOnly') === true;
      const profiles = [...state.profiles.values()].filter((p) => !managedOnly || p.managed);
      return acknowledged({ ProfileList: profiles.map(profileListItem) });
    },
  },
};
