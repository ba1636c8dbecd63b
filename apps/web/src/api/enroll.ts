import type { OkResponse } from '@lease/shared';
import { api } from './index.ts';

/** EnrollBaseinfo is what the hirer's link says about the phone and the store it belongs to. */
export interface EnrollBaseinfo {
  store_name: string;
  serial_number: string;
  hirer_name: string;
  enrolled: boolean;
}

// The enrol page is public and shows failures in a dialog (spec §8), so these calls are silent.
export const getEnrollBaseinfo = (code: string) =>
  api.get<EnrollBaseinfo>('/api/enroll/baseinfo', { query: { code }, auth: false, silent: true });

export const submitEnroll = (body: { code: string; hirer_name: string; hirer_phone_number: string }) =>
  api.post<OkResponse>('/api/enroll/submit', body, { auth: false, silent: true });

/** enrollProfileUrl is the one-time .mobileconfig the phone downloads in Safari (a plain link, no token). */
export const enrollProfileUrl = (code: string) => `/api/enroll/profile?code=${encodeURIComponent(code)}`;
