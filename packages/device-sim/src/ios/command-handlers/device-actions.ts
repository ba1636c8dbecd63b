import { booleanOf, dataOf, isPlistDict } from '../plist-codec.ts';
import { type HandlerTable, acknowledged, failed, formatError } from './command-outcome.ts';
import { MdmErrors } from './mdm-errors.ts';

/** deviceActionHandlers restart, unlock, wipe and release the phone, and hand out its Activation Lock bypass code. */
export const deviceActionHandlers: HandlerTable = {
  RestartDevice: { supervisedOnly: true, run: () => acknowledged(undefined, { kind: 'restart' }) },
  ClearPasscode: {
    run: ({ state, request }) => {
      const token = dataOf(request, 'UnlockToken');
      if (!token) return formatError('ClearPasscode needs UnlockToken');
      // Only the UnlockToken this phone escrowed in TokenUpdate opens its keybag.
      if (!state.enrollment.unlockToken?.equals(token)) return failed(MdmErrors.cannotClearPasscode());
      state.passcodePresent = false;
      return acknowledged();
    },
  },
  EraseDevice: {
    run: ({ request }) => {
      const rts = request.ReturnToService;
      const reenrol = isPlistDict(rts) && booleanOf(rts, 'Enabled') === true ? dataOf(rts, 'MDMProfileData') : undefined;
      return acknowledged(undefined, { kind: 'erase', reenrolProfile: reenrol });
    },
  },
  DeviceConfigured: {
    supervisedOnly: true,
    run: ({ state }) => {
      state.awaitingConfiguration = false;
      return acknowledged();
    },
  },
  ActivationLockBypassCode: {
    supervisedOnly: true,
    run: ({ state }) => {
      const code = state.activationLock.bypassCode;
      return code ? acknowledged({ ActivationLockBypassCode: code }) : failed(MdmErrors.noBypassCode());
    },
  },
  ClearActivationLockBypassCode: {
    supervisedOnly: true,
    run: ({ state }) => {
      state.activationLock.bypassCode = undefined;
      return acknowledged();
    },
  },
};
