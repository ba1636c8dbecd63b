import type { LeasePlanDetail, LeasePlanItem } from '@lease/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { deviceKey, leaseKeys } from '../../../api/lease.ts';
import { feedback } from '../../../app/feedback.ts';
import { showFormError } from '../../../forms/formRules.ts';

type PlanRef = Pick<LeasePlanItem, 'platform' | 'device_id'>;

const isPlan = (v: unknown): v is LeasePlanDetail => typeof v === 'object' && v !== null && 'schedule' in v;

/**
 * usePlanChange sends one change of a plan and refreshes everything that shows it: the plan, the lists, the home
 * figures and the phone's own page (a payment may unlock it). A form's field errors go to its fields.
 */
export function usePlanChange<V>(
  plan: PlanRef,
  send: (values: V) => Promise<LeasePlanDetail | unknown>,
  options: { done: string; form?: FormInstance; onDone?: () => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (answer) => {
      feedback.message.success(options.done);
      if (isPlan(answer)) {
        queryClient.setQueryData(leaseKeys.plan(answer.id), answer);
        queryClient.setQueryData(leaseKeys.device(answer.platform, answer.device_id), { plan: answer });
      }
      options.onDone?.();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: leaseKeys.all }),
        queryClient.invalidateQueries({ queryKey: deviceKey(plan.platform, plan.device_id) }),
      ]);
    },
    onError: (err) => {
      if (options.form) showFormError(options.form, err);
    },
  });
}
