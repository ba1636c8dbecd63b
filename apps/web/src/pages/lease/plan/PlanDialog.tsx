import type { LeasePlanItem } from '@lease/shared';
import { ContactDialog } from './ContactDialog.tsx';
import { CorrectionDialog } from './CorrectionDialog.tsx';
import { PaymentDialog } from './PaymentDialog.tsx';
import { PromiseDialog } from './PromiseDialog.tsx';

const DIALOGS = { payment: PaymentDialog, correction: CorrectionDialog, promise: PromiseDialog, contact: ContactDialog } as const;

/** PlanDialogKind names a form dialog on one plan, opened from the collections list or the phone's page. */
export type PlanDialogKind = keyof typeof DIALOGS;

/** PlanDialog mounts one plan dialog while it is open: a fresh form (and Idempotency-Key) each time. */
export function PlanDialog({ open, onClose }: { open: { kind: PlanDialogKind; plan: LeasePlanItem } | null; onClose: () => void }) {
  if (!open) return null;
  const Dialog = DIALOGS[open.kind];
  return <Dialog key={`${open.kind}-${open.plan.id}`} plan={open.plan} onClose={onClose} />;
}
