import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { isApiError } from '../../../../api/index.ts';
import { iosKeys } from '../../../../api/iosDevice.ts';
import { showFormError } from '../../../../forms/formRules.ts';

/**
 * useReleaseSubmit sends a release action from its dialog's form: a wrong password is shown at the password field,
 * a field error at its field, anything else as the request client shows it; every view of the device is refreshed after.
 */
export function useReleaseSubmit<T>(form: FormInstance, send: (values: Record<string, unknown>) => Promise<T>, onSuccess: (result: T) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (result) => {
      onSuccess(result);
      await queryClient.invalidateQueries({ queryKey: iosKeys.all });
    },
    onError: (err) => {
      if (isApiError(err) && err.code === 'SECPWD_MISMATCH') form.setFields([{ name: 'password', errors: [err.message] }]);
      else showFormError(form, err);
    },
  });
}
