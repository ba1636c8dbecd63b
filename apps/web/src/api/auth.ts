import type { LoginRequest, OkResponse, ResetPasswordRequest, TokenPair } from '@lease/shared';
import { api } from './index.ts';

export const login = (body: LoginRequest) => api.post<TokenPair>('/api/auth/login', body, { auth: false, silent: true });

/** logout sends both tokens: either names the session, so an expired access token still ends it. */
export const logout = (refreshToken: string) => api.post<OkResponse>('/api/auth/logout', { refresh_token: refreshToken });

export const resetPassword = (body: ResetPasswordRequest) => api.put<OkResponse>('/api/auth/reset-password', body, { auth: false, silent: true });
