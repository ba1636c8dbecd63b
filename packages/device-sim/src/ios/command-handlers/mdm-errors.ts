import type { ErrorChainItem } from './command-outcome.ts';

const mdm = (code: number, message: string): ErrorChainItem => ({ code, domain: 'MCMDMErrorDomain', message });

/**
 * MdmErrors are the errors a real iPhone answers with, codes from Apple's MDM protocol reference error tables.
 * Texts follow devices seen in the field where known (micromdm#970, fleetdm/fleet#51653 and #43872).
 */
export const MdmErrors = {
  /** mdmb's wording for a RequestType the client does not know. */
  unknownCommand: (requestType: string) => mdm(12021, `Unknown command: ${requestType}`),
  /** What an unsupervised iPhone answers to a supervised-only command. */
  notValidRequestType: (requestType: string) => mdm(12021, `“${requestType}” is not a valid request type.`),
  notInLostMode: () => mdm(12067, 'The device is not in MDM Lost Mode.'),
  couldNotEnableLostMode: () => mdm(12066, 'Could not enable MDM Lost Mode.'),
  noUpdateAvailable: (name: string) => mdm(12048, `No software update named “${name}” is available.`),
  appAlreadyInstalled: (identifier: string) => mdm(12025, `The app “${identifier}” is already installed.`),
  appIdNotValidated: (id: number) => mdm(12023, `The iTunes Store ID ${id} of the application could not be validated.`),
  manifestNotValidated: (url: string) => mdm(12024, `Could not validate the app manifest at ${url}.`),
  noBypassCode: () => mdm(12019, 'The Activation Lock bypass code is no longer available.'),
  appNotManaged: (identifier: string) => mdm(12029, `The app “${identifier}” is not managed.`),
  profileNotManaged: (identifier: string) => mdm(12013, `The profile “${identifier}” is not managed by MDM.`),
  urlNotHttps: (url: string) => mdm(12034, `The URL “${url}” is not an HTTPS URL.`),
  /** Seen from iPhones in the field with domain MDMErrorDomain (fleetdm/fleet#43872). */
  profileNotInstalled: (identifier: string): ErrorChainItem => ({
    code: 12075,
    domain: 'MDMErrorDomain',
    message: `The profile “${identifier}” is not installed.`,
  }),
  profileInstallFailed: (): ErrorChainItem => ({ code: 4001, domain: 'MCInstallationErrorDomain', message: 'Profile Installation Failed' }),
  invalidSupervision: (type: string): ErrorChainItem => ({
    code: 4025,
    domain: 'MCInstallationErrorDomain',
    message: `The payload “${type}” can only be installed on a supervised device.`,
  }),
  cannotClearPasscode: (): ErrorChainItem => ({ code: 5013, domain: 'MCPasscodeErrorDomain', message: 'The passcode could not be cleared.' }),
  unknownSettingsItem: (item: string): ErrorChainItem => ({ code: 28000, domain: 'MCSettingsErrorDomain', message: `Unknown settings item “${item}”.` }),
  badWallpaperImage: (): ErrorChainItem => ({ code: 28001, domain: 'MCSettingsErrorDomain', message: 'The wallpaper image is invalid.' }),
  notSupervised: (): ErrorChainItem => ({ code: 29000, domain: 'MCChaperoneErrorDomain', message: 'The device is not supervised.' }),
};
