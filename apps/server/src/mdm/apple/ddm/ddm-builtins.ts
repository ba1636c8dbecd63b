import { type Declaration, type DeclarationKind, kindOf, serverToken } from './ddm-tokens.ts';

/** Identifiers of the engine's own declarations; modules may not use this prefix. */
export const BUILTIN_PREFIX = 'lease.ddm.';
export const BuiltinId = {
  ACTIVATION: `${BUILTIN_PREFIX}activation`,
  SUBSCRIPTIONS: `${BUILTIN_PREFIX}status-subscriptions`,
  ORGANIZATION: `${BUILTIN_PREFIX}organization-info`,
} as const;

/**
 * STATUS_SUBSCRIPTIONS are the items every DDM phone reports as they change (status/*.yaml). The softwareupdate
 * items and battery health exist from iOS 17 on iPhone: an iOS 16 phone answers them in the report's Errors,
 * which costs nothing. management.declarations and client-capabilities are reported without a subscription.
 */
export const STATUS_SUBSCRIPTIONS = [
  'device.operating-system.version',
  'device.operating-system.build-version',
  'device.power.battery-health',
  'passcode.is-present',
  'softwareupdate.install-state',
  'softwareupdate.pending-version',
  'softwareupdate.failure-reason',
  'softwareupdate.install-reason',
  'mdm.app',
] as const;

/** DeclarationRow is a stored declaration (a store default or a phone's own). */
export interface DeclarationRow {
  identifier: string;
  type: string;
  payload: Record<string, unknown>;
  serverToken: string;
}

const declaration = (type: string, identifier: string, payload: Record<string, unknown>): Declaration => ({
  kind: kindOf(type) as DeclarationKind,
  Type: type,
  Identifier: identifier,
  ServerToken: serverToken(type, payload),
  Payload: payload,
});

const fromRow = (row: DeclarationRow): Declaration => ({
  kind: kindOf(row.type) as DeclarationKind,
  Type: row.type,
  Identifier: row.identifier,
  ServerToken: row.serverToken,
  Payload: row.payload,
});

/**
 * phoneDeclarations is everything one phone should have: the built-ins, its store's defaults, then its own (which
 * replace a store default of the same identifier), and one simple activation listing every configuration, so a new
 * configuration is installed as soon as it is declared. Sorted by identifier, so answers never depend on row order.
 */
export function phoneDeclarations(storeName: string, storeRows: DeclarationRow[], deviceRows: DeclarationRow[]): Declaration[] {
  const byId = new Map<string, Declaration>();
  byId.set(BuiltinId.ORGANIZATION, declaration('com.apple.management.organization-info', BuiltinId.ORGANIZATION, { Name: storeName || '门店' }));
  byId.set(
    BuiltinId.SUBSCRIPTIONS,
    declaration('com.apple.configuration.management.status-subscriptions', BuiltinId.SUBSCRIPTIONS, {
      StatusItems: STATUS_SUBSCRIPTIONS.map((Name) => ({ Name })),
    }),
  );
  for (const row of [...storeRows, ...deviceRows]) byId.set(row.identifier, fromRow(row));
  const configurations = [...byId.values()]
    .filter((d) => d.kind === 'configuration')
    .map((d) => d.Identifier)
    .sort();
  byId.set(BuiltinId.ACTIVATION, declaration('com.apple.activation.simple', BuiltinId.ACTIVATION, { StandardConfigurations: configurations }));
  return [...byId.values()].sort((a, b) => (a.Identifier < b.Identifier ? -1 : a.Identifier > b.Identifier ? 1 : 0));
}
