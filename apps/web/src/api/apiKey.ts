import type {
  ApiKeyEnabledRequest,
  ApiKeyGenerateRequest,
  ApiKeyGenerated,
  ApiKeyInfo,
  ApiKeyPreview,
  ApiKeyUpdateRequest,
  ListResponse,
  OkResponse,
  WebhookDeliveryItem,
  WebhookDeliveryStatus,
} from '@lease/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from './index.ts';

const base = '/api/store/api-key';

/** apiKeyKeys roots the open-API settings queries, so a change refreshes the page's every part. */
export const apiKeyKeys = {
  all: ['api-key'] as const,
  info: ['api-key', 'info'] as const,
  deliveries: (q: { page_num: number; page_size: number; status?: WebhookDeliveryStatus }) => ['api-key', 'webhook-deliveries', q] as const,
};

export const apiKeyInfoQuery = queryOptions({ queryKey: apiKeyKeys.info, queryFn: () => api.get<ApiKeyInfo>(`${base}/info`) });

export const webhookDeliveriesQuery = (q: { page_num: number; page_size: number; status?: WebhookDeliveryStatus }) =>
  queryOptions({
    queryKey: apiKeyKeys.deliveries(q),
    queryFn: () => api.get<ListResponse<WebhookDeliveryItem>>(`${base}/webhook-deliveries`, { query: q }),
    placeholderData: keepPreviousData,
  });

export const setApiEnabled = (body: ApiKeyEnabledRequest) => api.post<{ enabled: boolean }>(`${base}/enabled`, body, { silent: true });
export const previewApiKey = () => api.post<ApiKeyPreview>(`${base}/preview`);
export const generateApiKey = (body: ApiKeyGenerateRequest) => api.post<ApiKeyGenerated>(`${base}/generate`, body, { silent: true });
export const updateApiSettings = (body: ApiKeyUpdateRequest) => api.post<OkResponse>(`${base}/update`, body, { silent: true });
export const resendWebhook = (id: string) => api.post<OkResponse>(`${base}/webhook-deliveries/resend`, { id });
