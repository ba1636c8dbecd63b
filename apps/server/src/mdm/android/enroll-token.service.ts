import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { AndroidChannel, Perm } from '@lease/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { type AuthContext, requirePerm } from '../../http/authz.ts';
import { clerk } from '../../domain/clerk.table.ts';
import { androidEnrollToken } from './android-agent.table.ts';

/** ENROLL_TOKEN_TTL_MS: a QR code is meant for the phone being set up now; a day covers a slow setup. */
export const ENROLL_TOKEN_TTL_MS = 24 * 3_600_000;
/** The agent's device-admin receiver, as Android's QR provisioning names it. */
export const AGENT_ADMIN_COMPONENT = 'com.zujibao.agent/.AgentAdminReceiver';
export const AGENT_APK_PATH = '/agent/v1/app/agent.apk';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** agentApkFile is where an operator drops the agent APK; the QR code then carries its checksum. */
export const agentApkFile = (dataDir: string) => path.join(dataDir, 'android-agent', 'agent.apk');

function apkChecksum(dataDir: string | undefined): string | null {
  if (!dataDir) return null;
  const file = agentApkFile(dataDir);
  if (!fs.existsSync(file)) return null;
  return createHash('sha256').update(fs.readFileSync(file)).digest('base64url');
}

export interface EnrollTokenDeps {
  db: Db;
  publicUrl: () => string;
  /** Where the store's phones enrol: its own host when it has one (white label), else PUBLIC_URL. */
  baseUrlFor?: (storeId: string) => Promise<string>;
  dataDir?: string;
}

/**
 * EnrollTokenService issues the one-time tokens behind the console's QR code. The QR payload is Android's
 * standard device-owner provisioning JSON; the admin-extras bundle carries the store's server address and the token.
 */
export function createEnrollTokenService(deps: EnrollTokenDeps) {
  const baseUrlFor = async (storeId: string) => (await deps.baseUrlFor?.(storeId)) ?? deps.publicUrl();
  return {
    /** downloadUrl is where the store's phones download the agent APK, on the store's enrolment host. */
    downloadUrl: async (storeId: string) => `${await baseUrlFor(storeId)}${AGENT_APK_PATH}`,

    async issue(auth: AuthContext, opts: { forClerkId?: string | null; channel?: number }) {
      requirePerm(auth, Perm.ANDROID_LIST_NEW);
      const channel = opts.channel ?? AndroidChannel.DEVICE_OWNER;
      if (!Number.isInteger(channel) || channel < 0 || channel > 4) throw new AppError('VALIDATION_FAILED', '接入渠道有误');
      const clerkId = opts.forClerkId ?? auth.clerkId;
      const [owner] = await deps.db
        .select({ id: clerk.id, disabled: clerk.disabled })
        .from(clerk)
        .where(and(eq(clerk.id, clerkId), eq(clerk.storeId, auth.storeId)));
      if (!owner) throw new AppError('NOT_FOUND', '店员不存在');
      if (owner.disabled) throw new AppError('VALIDATION_FAILED', '该店员已停用，不能分配设备');

      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + ENROLL_TOKEN_TTL_MS);
      await deps.db
        .insert(androidEnrollToken)
        .values({ tokenHash: hashToken(token), storeId: auth.storeId, clerkId, issuedBy: auth.clerkId, channel, expiresAt });

      // The phone downloads the agent and talks to the server at the store's host from its first request on.
      const serverUrl = await baseUrlFor(auth.storeId);
      const downloadUrl = `${serverUrl}${AGENT_APK_PATH}`;
      const checksum = apkChecksum(deps.dataDir);
      const qr = {
        'android.app.extra.PROVISIONING_DEVICE_ADMIN_COMPONENT_NAME': AGENT_ADMIN_COMPONENT,
        'android.app.extra.PROVISIONING_DEVICE_ADMIN_PACKAGE_DOWNLOAD_LOCATION': downloadUrl,
        ...(checksum ? { 'android.app.extra.PROVISIONING_DEVICE_ADMIN_PACKAGE_CHECKSUM': checksum } : {}),
        'android.app.extra.PROVISIONING_LEAVE_ALL_SYSTEM_APPS_ENABLED': true,
        'android.app.extra.PROVISIONING_ADMIN_EXTRAS_BUNDLE': { server_url: serverUrl, enroll_token: token, channel },
      };
      return { token, expires_at: expiresAt.toISOString(), qr_payload: JSON.stringify(qr), download_url: downloadUrl };
    },
  };
}
export type EnrollTokenService = ReturnType<typeof createEnrollTokenService>;
