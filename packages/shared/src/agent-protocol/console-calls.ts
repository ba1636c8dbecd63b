import { z } from 'zod';
import { uuid } from '../schemas/safe-input.ts';

/** androidEnrollTokenRequest: the clerk the phone will belong to (default: the caller) and the intended channel. */
export const androidEnrollTokenRequest = z.object({
  for_clerk_id: uuid.nullish(),
  channel: z.number().int().min(0).max(4).optional(),
});
export type AndroidEnrollTokenRequest = z.infer<typeof androidEnrollTokenRequest>;

export const androidEnrollTokenResponse = z.object({
  token: z.string(),
  expires_at: z.string(),
  /** Android's device-owner provisioning JSON: render it as the QR code scanned on the phone's welcome screen. */
  qr_payload: z.string(),
  download_url: z.string(),
});
export type AndroidEnrollTokenResponse = z.infer<typeof androidEnrollTokenResponse>;

export const androidAppDownloadLink = z.object({
  download_url: z.string(),
  /** False until an operator puts the agent APK in DATA_DIR/android-agent/agent.apk: the console says so. */
  available: z.boolean(),
  sha256: z.string().nullable(),
});
export type AndroidAppDownloadLink = z.infer<typeof androidAppDownloadLink>;
