import type { LoginRequest, OkResponse, ResetPasswordRequest, TokenPair } from '@lease/shared';
import { api } from './index.ts';

export const login = (body: LoginRequest) =>
  api.post<TokenPair>('/api/auth/login', body, { auth: false, silent: true });

export const logout = (refreshToken: string) =>
  api.post<OkResponse>('/api/auth/logout', { refresh_token: refreshToken }, { auth: false });

export const resetPassword = (body: ResetPasswordRequest) =>
  api.put<OkResponse>('/api/auth/reset-password', body, { auth: false, silent: true });
