import type { LostModalContent, OkResponse, UpdatePasswordRequest, UserInfo } from '@lease/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from './index.ts';

/** meQuery is the signed-in clerk; the route guard refreshes it at most every 30 s of navigation. */
export const meQuery = queryOptions({
  queryKey: ['user', 'me'],
  queryFn: () => api.get<UserInfo>('/api/user/me'),
  staleTime: 30_000,
});

export const updatePassword = (body: UpdatePasswordRequest) => api.put<OkResponse>('/api/user/update-password', body, { silent: true });

/** updateMyLostModal saves the clerk's own lock-screen text (PUT /api/user/lost-modal-content); lostModalContentQuery reads it. */
export const updateMyLostModal = (body: LostModalContent) => api.put<LostModalContent>('/api/user/lost-modal-content', body, { silent: true });
