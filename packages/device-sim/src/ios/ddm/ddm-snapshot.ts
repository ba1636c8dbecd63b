import type { DeviceState } from '../device-state.ts';
import type { DeclarationKind, DeclarationStatus, InstallState, SentStatusReport } from './ddm-state.ts';
import { installStateOf } from './software-update.ts';

/** DdmSnapshot is the phone's declarative management as tests and the CLI read it. */
export interface DdmSnapshot {
  enabled: boolean;
  declarationsToken?: string;
  declarations: {
    identifier: string;
    kind: DeclarationKind;
    type: string;
    serverToken: string;
    payload: Record<string, unknown>;
    active: boolean;
    valid: DeclarationStatus['valid'];
    reasons: string[];
  }[];
  subscriptions: string[];
  organization?: { name: string; email?: string; url?: string };
  /** The deferral in force (iOS 18+, supervised), in days. */
  deferralDays?: number;
  softwareUpdate: { installState: InstallState; pendingVersion?: string; pendingBuild?: string; deadline?: Date; failureReason?: string };
  /** Status reports sent, oldest first (the last 50). */
  statusReports: SentStatusReport[];
}

export function ddmSnapshotOf(state: DeviceState): DdmSnapshot {
  const { ddm } = state;
  const { pending, failure } = ddm.softwareUpdate;
  return {
    enabled: ddm.enabled,
    declarationsToken: ddm.declarationsToken,
    declarations: [...ddm.declarations.values()].map((d) => {
      const status = ddm.statuses.get(d.identifier);
      return {
        identifier: d.identifier,
        kind: d.kind,
        type: d.type,
        serverToken: d.serverToken,
        payload: structuredClone(d.payload),
        active: status?.active ?? false,
        valid: status?.valid ?? 'unknown',
        reasons: status?.reasons?.map((r) => r.code) ?? [],
      };
    }),
    subscriptions: [...ddm.subscriptions],
    organization: ddm.organization && { ...ddm.organization },
    deferralDays: ddm.deferralDays,
    softwareUpdate: {
      installState: installStateOf(state),
      pendingVersion: pending?.version,
      pendingBuild: pending?.build,
      deadline: pending && new Date(pending.deadline),
      failureReason: failure.count > 0 ? failure.reason : undefined,
    },
    statusReports: ddm.reports.map((r) => ({ at: new Date(r.at), items: [...r.items], report: structuredClone(r.report) })),
  };
}
