import { ddmCapable } from '../ddm/declarations.ts';
import { tokensOf } from '../ddm/ddm-client.ts';
import { dataOf } from '../plist-codec.ts';
import { type HandlerTable, acknowledged, failed, formatError } from './command-outcome.ts';
import { MdmErrors } from './mdm-errors.ts';

/**
 * declarativeManagementHandlers: the DeclarativeManagement command turns the phone's DDM engine on (first time) and
 * asks it to sync. Data, when present, is a TokensResponse (`{SyncTokens: {DeclarationsToken, Timestamp}}`) that
 * saves the phone the `tokens` request. The phone acknowledges first and syncs once the connect session is over.
 */
export const declarativeManagementHandlers: HandlerTable = {
  DeclarativeManagement: {
    run: ({ state, request, requestType }) => {
      // iOS 15 ran DDM for User Enrollment only; its device channel answers like any type it does not take.
      if (!ddmCapable(state)) return failed(MdmErrors.notValidRequestType(requestType));
      const data = dataOf(request, 'Data');
      let declarationsToken: string | undefined;
      if (data) {
        let json: unknown;
        try {
          json = JSON.parse(data.toString('utf8'));
        } catch {
          return formatError('Data is not JSON');
        }
        declarationsToken = tokensOf(json)?.declarationsToken;
        if (declarationsToken === undefined) return formatError('Data is not a TokensResponse with SyncTokens.DeclarationsToken');
      }
      state.ddm.enabled = true;
      state.ddm.syncRequested = { declarationsToken };
      return acknowledged();
    },
  },
};
