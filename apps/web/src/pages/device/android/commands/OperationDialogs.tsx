import type { AndroidOperationName } from '@lease/shared';
import { sensitiveProof } from '../../../../forms/SensitiveFields.tsx';
import { TypedConfirmField } from '../../../../forms/TypedConfirmField.tsx';
import { closeThenDone, type CommandDialogProps, dialogFactory, SendConfirmDialog, type SendWording } from '../../shared/CommandDialog.tsx';
import { type AndroidDeviceRef, androidTitle, useAndroidOperation, useNeedSms } from './useAndroidOperation.ts';

/** OperationDialogProps are what a page gives an Android operation's dialog. */
export type OperationDialogProps = CommandDialogProps<AndroidDeviceRef>;

interface Wording extends SendWording {
  operation: AndroidOperationName;
  doneText?: string;
  queuedText?: string;
}

/** OperationConfirmDialog is an Android operation's own dialog: the shared body, one request with its Idempotency-Key. */
function OperationConfirmDialog({ device, onClose, onDone, operation, doneText, queuedText, ...w }: OperationDialogProps & Wording) {
  const send = useAndroidOperation(device.id, operation, { doneText, queuedText, onSuccess: closeThenDone({ onClose, onDone }) });
  return <SendConfirmDialog {...w} deviceTitle={androidTitle(device)} pending={send.isPending} onClose={onClose} send={(fields) => send.mutate(fields)} />;
}

/** operationDialog makes the dialog of an operation that needs only its wording and the confirmation tick. */
const operationDialog = dialogFactory<OperationDialogProps, Wording>(OperationConfirmDialog);

export const UnlockDialog = operationDialog({
  operation: 'unlock',
  title: '解锁设备',
  effect: '解锁后锁屏界面关闭，租机人可以正常使用。设备离线时，将在下次联网后执行；租机人急需时可改用“离线解锁码”。',
  okText: '解锁设备',
});

export const RegulateDialog = operationDialog({
  operation: 'regulate',
  title: '开启监管',
  effect: '设备将启用系统限制（禁止恢复出厂设置、USB 调试、安全模式等，见“系统限制”），并禁止卸载管理应用。',
  okText: '开启监管',
});

/** DeregulateDialog lifts supervision for good, so it asks for the password, and an SMS code when the store's switch is on. */
export function DeregulateDialog(p: OperationDialogProps) {
  const needSms = useNeedSms();
  return (
    <OperationConfirmDialog
      {...p}
      operation="deregulate"
      title="结清释放（解除监管）"
      danger
      effect="解除监管后，设备上的系统限制全部取消，管理应用放弃设备管理权，之后无法再远程锁定或定位。请确认租机人已结清。"
      confirm="我确认租机人已结清，解除此设备的监管"
      okText="结清释放"
      {...sensitiveProof(needSms)}
    />
  );
}

export const LocateDialog = operationDialog({
  operation: 'get-location',
  title: '获取定位',
  effect: '请设备上报当前位置。设备回应后，位置会出现在“定位”标签页中。',
  okText: '获取定位',
});

export const SyncRestrictionDialog = operationDialog({
  operation: 'sync-system-restriction',
  title: '同步门店默认限制',
  effect: '此设备的系统限制将改为门店默认设置，单独为它调整过的开关会被覆盖。',
  okText: '同步并下发',
});

/** ArchiveDialog: the clerk types the IMEI (or serial) as the strong confirmation. */
export const ArchiveDialog = (p: OperationDialogProps) => (
  <OperationConfirmDialog
    {...p}
    operation="archive"
    title="归档设备"
    alert="error"
    danger
    effect="归档后设备从列表移到“已归档”，不能再下发任何指令；设备联网后管理应用会解除管理并吊销凭证，占用的设备名额随即释放。此操作无法撤销，记录会保留。"
    confirm="我已了解后果，确认归档此设备"
    okText="归档设备"
    doneText="设备已归档"
    queuedText="设备已归档，设备联网后将解除管理"
    fields={p.device.ident ? <TypedConfirmField name="typed" expected={p.device.ident} mismatch="输入的内容与设备不一致" /> : undefined}
  />
);
