import { OperationStatus, operationStatusLabel } from '@lease/shared';

/** Tag colours of an operation's progress: waiting blue/grey, scheduled orange, outcome green or red. */
const STATUS_COLOR: Record<number, string> = {
  [OperationStatus.QUEUED]: 'default',
  [OperationStatus.SENT]: 'processing',
  [OperationStatus.DONE]: 'success',
  [OperationStatus.FAILED]: 'error',
  [OperationStatus.CANCELLED]: 'default',
  [OperationStatus.SCHEDULED]: 'warning',
};

export const operationStatusColor = (status: number) => STATUS_COLOR[status] ?? 'default';
export const operationStatusText = (status: number) => operationStatusLabel[status as OperationStatus] ?? String(status);
export const OPERATION_STATUS_OPTIONS = Object.entries(operationStatusLabel).map(([value, label]) => ({ value: Number(value), label }));

/** operatorName: the clerk, else who the log says acted (the hirer on the enrol page), else the system (jobs). */
export const operatorName = (row: { clerk_name: string | null; detail: Record<string, unknown> }) =>
  row.clerk_name ?? (row.detail.by === 'hirer' ? '租机人' : '系统');
