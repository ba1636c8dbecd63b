import type { OpsAuditVerifyResult } from '@lease/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerFetch } from '../../../test/fakeNetwork.ts';
import { AuditChainStatus } from './AuditChainStatus.tsx';

function show(answer: OpsAuditVerifyResult) {
  const fetchMock = answerFetch(vi.fn(async () => Response.json(answer)));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuditChainStatus />
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('AuditChainStatus (operator audit page)', () => {
  it('says the log is whole, with the newest row’s fingerprint to note down', async () => {
    const fetchMock = show({ ok: true, total: 42, head_hash: 'ab'.repeat(32) });
    expect(await screen.findByText('审计日志完整：共 42 条记录，逐条校验通过')).toBeTruthy();
    expect(screen.getByText(/最新记录指纹 abababababababab/)).toBeTruthy();
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/ops/audit/verify');
  });

  it('names the first changed row, and a broken link as a deleted or inserted row', async () => {
    show({ ok: false, position: 7, id: 31, reason: 'content' });
    expect(await screen.findByText('第 7 条记录被改动（编号 31），审计日志已不可信')).toBeTruthy();
  });

  it('says a row before N was deleted or slipped in when the link breaks', async () => {
    show({ ok: false, position: 3, id: 12, reason: 'link' });
    expect(await screen.findByText('第 3 条记录之前有记录被删除或插入（编号 12），审计日志已不可信')).toBeTruthy();
  });
});
