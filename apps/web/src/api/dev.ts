import type { DevStatus, ListResponse, SmsOutboxItem } from '@lease/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from './index.ts';

export const devStatusQuery = queryOptions({
  queryKey: ['dev', 'test'],
  queryFn: () => api.get<DevStatus>('/api/dev/test', { silent: true, keepSession: true }),
  retry: false,
});

export const smsOutboxQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['dev', 'sms-outbox', page, pageSize],
    queryFn: () => api.get<ListResponse<SmsOutboxItem>>('/api/dev/sms-outbox', { query: { page_num: page, page_size: pageSize }, keepSession: true }),
  });
