import type { OkResponse } from '@lease/shared';
import { api } from './index.ts';

/**
 * EnrollBaseinfo is what the hirer's link says about the phone and the store it belongs to. It never names the
 * hirer: anyone holding the link would read it.
 */
export interface EnrollBaseinfo {
  store_name: string;
  serial_number: string;
  enrolled: boolean;
  /** Hirer details are on file (entered through this link or by the store). */
  hirer_on_file: boolean;
  /** The link may still write the hirer: the phone waits to enrol and the store has not set the hirer itself. */
  can_submit: boolean;
}

// The enrol page is public and shows failures in a dialog (spec §8), so these calls are silent.
export const getEnrollBaseinfo = (code: string) => api.get<EnrollBaseinfo>('/api/enroll/baseinfo', { query: { code }, auth: false, silent: true });

export const submitEnroll = (body: { code: string; hirer_name: string; hirer_phone_number: string }) =>
  api.post<OkResponse>('/api/enroll/submit', body, { auth: false, silent: true });

/** enrollProfileUrl is the one-time .mobileconfig the phone downloads in Safari (a plain link, no token). */
export const enrollProfileUrl = (code: string) => `/api/enroll/profile?code=${encodeURIComponent(code)}`;
