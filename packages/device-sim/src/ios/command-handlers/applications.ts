import { CHINESE_APPS } from '../device-catalog.ts';
import { type InstalledApp, appFromCatalog } from '../device-state.ts';
import { type PlistDict, booleanOf, decodePlistDict, dictsOf, isPlistDict, numberOf, stringOf, stringsOf } from '../plist-codec.ts';
import { type CommandContext, type CommandOutcome, type HandlerTable, acknowledged, failed, formatError } from './command-outcome.ts';
import { MdmErrors } from './mdm-errors.ts';

/** appListItem is one InstalledApplicationList entry; `items` (iOS 14 Items) limits the keys reported. */
function appListItem(app: InstalledApp, items: string[] | undefined): PlistDict {
  const full: PlistDict = {
    Identifier: app.identifier,
    Name: app.name,
    Version: app.version,
    ShortVersion: app.shortVersion,
    BundleSize: app.bundleSize,
    DynamicSize: app.dynamicSize,
    Installing: false,
    IsValidated: true,
    AppStoreVendable: true,
    DeviceBasedVPP: false,
    BetaApp: false,
    AdHocCodeSigned: false,
    HasUpdateAvailable: false,
    IsAppClip: false,
  };
  if (!items) return full;
  return Object.fromEntries(Object.entries(full).filter(([key]) => key === 'Identifier' || items.includes(key)));
}

/** generalApp stands in for an App Store app outside the catalogue, named after its bundle identifier. */
function generalApp(identifier: string, name = identifier.split('.').pop() ?? identifier, version = '1.0'): InstalledApp {
  return { identifier, name, shortVersion: version, version, bundleSize: 80_000_000, dynamicSize: 20_000_000, managed: false, removeWithMdm: false };
}

/** appFromManifest downloads an enterprise app manifest (other/manifesturl.yaml) and reads its first item. */
async function appFromManifest(context: CommandContext, url: string): Promise<InstalledApp | CommandOutcome> {
  if (!url.startsWith('https://')) return failed(MdmErrors.urlNotHttps(url));
  try {
    const res = await context.fetch(url, { method: 'GET' });
    if (!res.ok) return failed(MdmErrors.manifestNotValidated(url));
    const [item] = dictsOf(decodePlistDict(Buffer.from(await res.arrayBuffer())), 'items');
    const metadata = item?.metadata;
    const identifier = isPlistDict(metadata) ? stringOf(metadata, 'bundle-identifier') : undefined;
    if (!isPlistDict(metadata) || !identifier) return failed(MdmErrors.manifestNotValidated(url));
    return generalApp(identifier, stringOf(metadata, 'title'), stringOf(metadata, 'bundle-version'));
  } catch {
    // A manifest that cannot be fetched or read fails the install the same way on a real phone.
    return failed(MdmErrors.manifestNotValidated(url));
  }
}

/** appToInstall resolves the command's app source: App Store id, bundle identifier or enterprise manifest. */
async function appToInstall(context: CommandContext): Promise<InstalledApp | CommandOutcome> {
  const { request } = context;
  const storeId = numberOf(request, 'iTunesStoreID');
  const identifier = stringOf(request, 'Identifier');
  const manifestUrl = stringOf(request, 'ManifestURL');
  if (storeId !== undefined) {
    const spec = CHINESE_APPS.find((a) => a.iTunesStoreId === storeId);
    return spec ? appFromCatalog(spec.identifier) : failed(MdmErrors.appIdNotValidated(storeId));
  }
  if (identifier) return CHINESE_APPS.some((a) => a.identifier === identifier) ? appFromCatalog(identifier) : generalApp(identifier);
  if (manifestUrl) return appFromManifest(context, manifestUrl);
  return formatError('InstallApplication needs iTunesStoreID, Identifier or ManifestURL');
}

/**
 * installApplication installs (or takes over) an app as managed. Restrictions do not stop it: with
 * allowAppInstallation or allowUIAppInstallation false the App Store is gone for the user, but "in iOS 10 and
 * later, MDM commands can override this restriction" (Apple's com.apple.applicationaccess schema).
 */
async function installApplication(context: CommandContext): Promise<CommandOutcome> {
  const { state, request } = context;
  const resolved = await appToInstall(context);
  if ('status' in resolved) return resolved;
  const flags = numberOf(request, 'ManagementFlags') ?? 0;
  const existing = state.apps.get(resolved.identifier);
  if (existing && !existing.managed && request.ChangeManagementState !== 'Managed') return failed(MdmErrors.appAlreadyInstalled(resolved.identifier));
  if (existing) {
    state.apps.set(existing.identifier, { ...existing, managed: true, removeWithMdm: (flags & 1) === 1 });
    return acknowledged({ Identifier: existing.identifier, State: 'Managed' });
  }
  state.apps.set(resolved.identifier, { ...resolved, managed: true, removeWithMdm: (flags & 1) === 1 });
  return acknowledged({ Identifier: resolved.identifier, State: 'Installing' });
}

/** applicationHandlers list, install and remove apps. */
export const applicationHandlers: HandlerTable = {
  InstalledApplicationList: {
    run: ({ state, request }) => {
      const identifiers = stringsOf(request, 'Identifiers');
      const managedOnly = booleanOf(request, 'ManagedAppsOnly') === true;
      const items = stringsOf(request, 'Items');
      const apps = [...state.apps.values()].filter((a) => (!identifiers || identifiers.includes(a.identifier)) && (!managedOnly || a.managed));
      return acknowledged({ InstalledApplicationList: apps.map((a) => appListItem(a, items)) });
    },
  },
  InstallApplication: { run: installApplication },
  RemoveApplication: {
    run: ({ state, request }) => {
      const identifier = stringOf(request, 'Identifier');
      if (!identifier) return formatError('RemoveApplication needs Identifier');
      const app = state.apps.get(identifier);
      if (!app?.managed) return failed(MdmErrors.appNotManaged(identifier));
      state.apps.delete(identifier);
      return acknowledged();
    },
  },
};
