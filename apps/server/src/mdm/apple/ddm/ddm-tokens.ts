import { createHash } from 'node:crypto';

/** DeclarationKind is the declaration's place in Apple's manifest and in its fetch path (`declaration/{kind}/{id}`). */
export type DeclarationKind = 'activation' | 'configuration' | 'asset' | 'management';
export const DECLARATION_KINDS: readonly DeclarationKind[] = ['activation', 'configuration', 'asset', 'management'];

/** Declaration is one declaration as the phone fetches it (Apple's DeclarationBase), with its kind. */
export interface Declaration {
  kind: DeclarationKind;
  Type: string;
  Identifier: string;
  ServerToken: string;
  Payload: Record<string, unknown>;
}

/** kindOf reads the kind from Apple's type name: com.apple.{activation|configuration|asset|management}.… */
export function kindOf(type: string): DeclarationKind | undefined {
  const kind = /^com\.apple\.(activation|configuration|asset|management)\./.exec(type)?.[1];
  return kind as DeclarationKind | undefined;
}

/** canonicalJson writes objects with sorted keys, so equal content always hashes alike. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

/** serverToken changes with the declaration's content: its type and payload (Apple: "computed over the entire content"). */
export const serverToken = (type: string, payload: Record<string, unknown>) => digest(`${type}\n${canonicalJson(payload)}`);

/** declarationsToken changes with the set a phone sees: every kind, identifier and server token, sorted. */
export function declarationsToken(set: Pick<Declaration, 'kind' | 'Identifier' | 'ServerToken'>[]): string {
  const lines = set.map((d) => `${d.kind}/${d.Identifier}/${d.ServerToken}`).sort();
  return digest(lines.join('\n'));
}

/**
 * ddmCapable: Declarative Device Management reaches a device-enrolled iPhone from iOS 16 (iOS 15 offered it to
 * User Enrollment only, which this server does not use). Unknown versions are not capable.
 */
export function ddmCapable(osVersion: string | null | undefined): boolean {
  const major = Number(/^(\d+)(?:\.|$)/.exec(osVersion ?? '')?.[1]);
  return Number.isInteger(major) && major >= 16;
}
