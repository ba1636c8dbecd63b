import { OperationStatus, type CommandAnswer } from '@lease/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { iosKeys, sendCommand, type IosCommandName } from '../../../../api/iosDevice.ts';
import { feedback } from '../../../../app/feedback.ts';
import { newIdempotencyKey } from '../../../../lib/uuid.ts';

/** The toast of every queued command: true whether the phone is online now (it acts at once) or not (it acts when back), so it names neither. */
export const QUEUED_TEXT = '指令已下发，等待设备执行';

/** DeviceRef names the device a dialog acts on. */
export interface DeviceRef {
  id: string;
  model_name: string;
  serial_number: string;
  /** The phone's lock state when the page knows it (list rows and the detail do): some dialogs warn about it. */
  lock_status?: number;
}

export const deviceTitle = (d: DeviceRef) => `${d.model_name || 'iPhone'}（${d.serial_number}）`;

const isQueued = (r: unknown): r is CommandAnswer => typeof r === 'object' && r !== null && 'operation_log_id' in r;

export interface CommandOptions {
  /** Toast for commands that finish at once ({ok}); queued ones say QUEUED_TEXT unless `queuedText` words it for the command. */
  doneText?: string;
  queuedText?: string;
  onSuccess?: (result: CommandAnswer | null) => void;
  /**
   * A button that sends at once (no dialog) takes a new key per send: it can be used again later, and
   * its loading state already blocks a second click while the first is on its way.
   */
  keyPerSend?: boolean;
}

/**
 * useCommandMutation sends one command for the dialog it lives in, on any platform. The Idempotency-Key is
 * made once per dialog (dialogs mount when opened), so a double click or a retry after a lost answer
 * queues it once; every query under `root` is refreshed afterwards.
 */
export function useCommandMutation<B>(send: (body: B, idempotencyKey: string) => Promise<unknown>, options: CommandOptions & { root: readonly unknown[] }) {
  const queryClient = useQueryClient();
  const [key] = useState(newIdempotencyKey);
  return useMutation({
    mutationFn: (body: B) => send(body, options.keyPerSend ? newIdempotencyKey() : key),
    onSuccess: async (result) => {
      const queued = isQueued(result) ? result : null;
      if (queued?.status === OperationStatus.SCHEDULED) feedback.message.success('已预约锁定，到时将自动下发锁定指令');
      else if (queued?.replayed) feedback.message.info('该操作已提交过，未重复下发');
      else if (queued) feedback.message.success(options.queuedText ?? QUEUED_TEXT);
      else feedback.message.success(options.doneText ?? '操作成功');
      options.onSuccess?.(queued);
      await queryClient.invalidateQueries({ queryKey: options.root });
    },
  });
}

/** useDeviceCommand sends one Apple device command (useCommandMutation). */
export function useDeviceCommand(name: IosCommandName, options: CommandOptions = {}) {
  return useCommandMutation((body: { device_id: string } & Record<string, unknown>, key: string) => sendCommand(name, body, key), {
    ...options,
    root: iosKeys.all,
  });
}
