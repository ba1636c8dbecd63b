import { SYNTHETIC_FAILURE_PREFIX, SYNTHETIC_FAILURE_REASON, syntheticBlacklist, syntheticReport } from '@lease/device-sim';
import { type CreditProvider, ProviderFailure } from './credit-provider.ts';

/**
 * createSandboxProvider is the offline default: deterministic synthetic results (marked 沙箱数据 wherever
 * they show), no network. Its RCS link is the server's own sandbox page, where the "hirer" authorises.
 * Phones starting 1990000 fail, so refunds and the abnormal list can be tried.
 */
export function createSandboxProvider(deps: { publicUrl: () => string }): CreditProvider {
  return {
    kind: 'sandbox',
    label: '离线沙箱（合成数据）',
    async report(q) {
      if (q.phone.startsWith(SYNTHETIC_FAILURE_PREFIX)) throw new ProviderFailure(SYNTHETIC_FAILURE_REASON);
      return syntheticReport(q);
    },
    async blacklist(q) {
      if (q.value.startsWith(SYNTHETIC_FAILURE_PREFIX)) throw new ProviderFailure(SYNTHETIC_FAILURE_REASON);
      return syntheticBlacklist(q.value);
    },
    async rcsStart(o) {
      return { authUrl: `${deps.publicUrl()}/rcs/sandbox/${o.orderId}` };
    },
  };
}
