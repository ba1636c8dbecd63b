import { z } from 'zod';
import { isoDateTime, text } from '../schemas/safe-input.ts';
import { AgentPolicy } from './policy.ts';

export const DeviceFacts = z.object({
  serial_number: text().max(64).default(''),
  imei_1: text().max(20).default(''),
  imei_2: text().max(20).default(''),
  meid: text().max(20).default(''),
  brand: text().max(64).default(''),
  manufacturer: text().max(64).default(''),
  model: text().max(100).default(''),
  os_version: text().max(32).default(''),
  sdk_int: z.number().int().min(1).max(100).optional(),
  agent_version: text().max(32).default(''),
  battery_level: z.number().min(0).max(1).optional(),
});
export type DeviceFacts = z.infer<typeof DeviceFacts>;

export const SimReport = z.object({
  slot: z.number().int().min(1).max(2),
  iccid: text().max(32).default(''),
  carrier: text().max(64).default(''),
  phone_number: text().max(20).default(''),
});
export type SimReport = z.infer<typeof SimReport>;

export const LocationReport = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  accuracy: z.number().min(0).max(100_000).optional(),
  measured_at: isoDateTime,
});
export type LocationReport = z.infer<typeof LocationReport>;

/** EnrollRequest: the token from the QR code (or vendor channel provisioning) plus the agent's public key. */
export const EnrollRequest = z.object({
  token: text().min(16).max(128),
  /** SPKI DER (base64) of the ECDSA P-256 key the agent generated (AndroidKeyStore, non-exportable). */
  public_key: text().min(40).max(400),
  /** AndroidChannel when a vendor SDK controls the phone (1 honor, 2 xiaomi, 3 oppo, 4 vivo); 0 or absent = device owner. */
  channel: z.number().int().min(0).max(4).optional(),
  facts: DeviceFacts,
  sims: z.array(SimReport).max(2).default([]),
  /** A simulated agent (packages/device-sim) says so: the console marks it 模拟设备. */
  simulated: z.boolean().optional(),
});
export type EnrollRequest = z.input<typeof EnrollRequest>;

export const EnrollResponse = z.object({
  device_id: z.string().uuid(),
  /** K_dev (base64, 32 bytes): the offline-passcode key, sent once; the agent keeps it non-exportable. */
  passcode_key: z.string(),
  channel: z.number().int(),
  policy: z.lazy(() => AgentPolicy),
});
export type EnrollResponse = z.infer<typeof EnrollResponse>;
