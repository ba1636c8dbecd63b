import { clientConfigQuery } from '../api/system.ts';
import { queryClient } from '../app/queryClient.ts';
import type { InterceptContext, Interception } from './meta.ts';
import { FLOW_PROCESS_KEY, gotoDecision } from './redirects.ts';

/** gotoExternal handles `/goto/:key`: the flow bill URL comes from the server's client config. */
export async function gotoExternal({ params, user }: InterceptContext): Promise<Interception> {
  if (params.key !== FLOW_PROCESS_KEY) return gotoDecision(params.key, null, undefined);
  // A failed config call was already reported by the request client; the link is then invalid.
  const config = await queryClient.fetchQuery(clientConfigQuery).catch(() => null);
  return gotoDecision(params.key, config?.flow_bill_url, user?.store.id);
}
