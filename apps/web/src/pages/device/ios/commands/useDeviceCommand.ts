import { OperationStatus } from '@lease/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { iosKeys, sendCommand, type IosCommandName, type QueuedCommand } from '../../../../api/iosDevice.ts';
import { feedback } from '../../../../app/feedback.ts';
import { newIdempotencyKey } from '../../../../lib/uuid.ts';

/** The toast of every queued command: honest that the phone acts when it is next online. */
export const QUEUED_TEXT = '指令已下发，设备上线后执行';

/** DeviceRef names the device a dialog acts on. */
export interface DeviceRef {
  id: string;
  model_name: string;
  serial_number: string;
}

export const deviceTitle = (d: DeviceRef) => `${d.model_name || 'iPhone'}（${d.serial_number}）`;

const isQueued = (r: unknown): r is QueuedCommand => typeof r === 'object' && r !== null && 'operation_log_id' in r;

interface Options {
  /** Toast for commands that finish at once ({ok}); queued ones always say QUEUED_TEXT. */
  doneText?: string;
  onSuccess?: (result: QueuedCommand | null) => void;
  /**
   * A button that sends at once (no dialog) takes a new key per send: it can be used again later, and
   * its loading state already blocks a second click while the first is on its way.
   */
  keyPerSend?: boolean;
}

/**
 * useDeviceCommand sends one command for the dialog it lives in. The Idempotency-Key is made once per
 * dialog (dialogs mount when opened), so a double click or a retry after a lost answer queues it once.
 */
export function useDeviceCommand(name: IosCommandName, options: Options = {}) {
  const queryClient = useQueryClient();
  const [key] = useState(newIdempotencyKey);
  return useMutation({
    mutationFn: (body: { device_id: string } & Record<string, unknown>) =>
      sendCommand(name, body, options.keyPerSend ? newIdempotencyKey() : key),
    onSuccess: async (result) => {
      const queued = isQueued(result) ? result : null;
      if (queued?.status === OperationStatus.SCHEDULED) feedback.message.success('已预约锁定，到时将自动下发锁定指令');
      else if (queued) feedback.message.success(QUEUED_TEXT);
      else feedback.message.success(options.doneText ?? '操作成功');
      options.onSuccess?.(queued);
      await queryClient.invalidateQueries({ queryKey: iosKeys.all });
    },
  });
}
