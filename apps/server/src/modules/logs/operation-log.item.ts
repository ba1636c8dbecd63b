import { LEASE_ACTOR, type OperationLogItem, actionLabel } from '@lease/shared';
import type { OperationLogRow } from './operation-log.repo.ts';

/** Who acted when no clerk did: a lease plan's automatic step, or the store's ERP through the open API. */
const ACTOR_BY_VIA: Record<string, string> = { 'lease-plan': LEASE_ACTOR, 'open-api': '开放接口' };

/** toOperationItem is one operation-log row as the API shows it, for a device's log and the store's log pages. */
export function toOperationItem(log: OperationLogRow, clerkName: string | null): OperationLogItem {
  return {
    id: log.id,
    action: log.action,
    action_label: actionLabel(log.action),
    status: log.status,
    result: log.result,
    detail: log.detail,
    clerk_name: clerkName ?? ACTOR_BY_VIA[String(log.detail.via ?? '')] ?? null,
    device_id: log.deviceId,
    scheduled_at: log.scheduledAt?.toISOString() ?? null,
    date_created: log.dateCreated.toISOString(),
    date_updated: log.dateUpdated.toISOString(),
  };
}
