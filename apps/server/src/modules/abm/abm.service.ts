import {
  type AbmDeviceItem,
  type AbmDeviceListQuery,
  type AbmServerInfo,
  type AbmSyncResult,
  type AbmUploadP7mRequest,
  type DepServerToken,
  type ListResponse,
  abmStatusOf,
} from '@lease/shared';
import { DepError, createDepClient } from '../../adapters/dep/dep-client.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthContext } from '../../http/authz.ts';
import type { SecretBox } from '../../secret-box.ts';
import { abmPrivateKey, newAbmKeyPair } from './abm-keys.ts';
import type { AbmSync } from './abm-sync.ts';
import type { AbmRepo, AbmServerRow } from './abm.repo.ts';
import { ServerTokenError, decryptServerToken } from './server-token.ts';

const DAY_MS = 86_400_000;
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export interface AbmServiceDeps {
  repo: AbmRepo;
  box: SecretBox;
  sync: AbmSync;
  depOrigin: string;
  fetch?: typeof fetch;
}

/**
 * createAbmService is the admin's ABM page (spec /console/merchant/update-abm-token, routes check Admin): the
 * store's public key to upload to ABM, the .p7m server token coming back, its state, sync now and the device list.
 */
export function createAbmService(deps: AbmServiceDeps) {
  const { repo, box } = deps;

  async function keysOf(storeId: string): Promise<AbmServerRow> {
    const row = await repo.get(storeId);
    if (row) return row;
    const made = newAbmKeyPair(storeId);
    return repo.insertKeys(storeId, box.seal(made.keyPem), made.certificatePem);
  }

  async function info(storeId: string): Promise<AbmServerInfo> {
    const row = await repo.get(storeId);
    const expiry = row?.accessTokenExpiry ?? null;
    const uploaded = Boolean(row?.tokenSealed);
    return {
      uploaded,
      has_public_key: Boolean(row),
      server_name: uploaded ? (row?.serverName ?? null) : null,
      server_uuid: uploaded ? (row?.serverUuid ?? null) : null,
      org_name: uploaded ? (row?.orgName ?? null) : null,
      org_id: uploaded ? (row?.orgId ?? null) : null,
      access_token_expiry: uploaded ? iso(expiry) : null,
      expires_in_days: uploaded && expiry ? Math.floor((expiry.getTime() - Date.now()) / DAY_MS) : null,
      uploaded_at: uploaded ? iso(row?.uploadedAt) : null,
      last_sync_at: uploaded ? iso(row?.lastSyncAt) : null,
      last_sync_error: uploaded ? (row?.lastSyncError ?? null) : null,
      next_sync_at: uploaded ? iso(row?.nextSyncAt) : null,
      device_count: uploaded ? await repo.countDevices(storeId) : 0,
      profile_uuid: uploaded ? (row?.profileUuid ?? null) : null,
      dep_origin: deps.depOrigin,
    };
  }

  /** checkWithApple opens a session and reads the account: a token Apple refuses is never stored. */
  async function checkWithApple(token: DepServerToken) {
    try {
      return await createDepClient({ origin: deps.depOrigin, token, fetch: deps.fetch }).account();
    } catch (err) {
      if (!(err instanceof DepError)) throw err;
      if (err.status >= 400 && err.status < 500)
        throw new AppError('VALIDATION_FAILED', `Apple 拒绝了该服务器令牌：${err.message.replace(/^Apple 商务管理：/, '')}`);
      throw new AppError('SERVICE_UNAVAILABLE', `${err.message}，令牌未保存，请稍后重试`);
    }
  }

  return {
    info: (auth: AuthContext) => info(auth.storeId),

    /** publicPem makes the store's key pair on first use; the same certificate is served afterwards. */
    async publicPem(auth: AuthContext): Promise<{ pem: string; fileName: string }> {
      const row = await keysOf(auth.storeId);
      return { pem: row.certificatePem, fileName: `zujibao-abm-${auth.storeId.slice(0, 8)}.pem` };
    },

    async uploadP7m(auth: AuthContext, body: AbmUploadP7mRequest): Promise<AbmServerInfo> {
      const row = await repo.get(auth.storeId);
      if (!row) throw new AppError('VALIDATION_FAILED', '请先下载本门店的公钥并上传到 Apple 商务管理，再上传服务器令牌');
      let token: DepServerToken;
      try {
        token = decryptServerToken(Buffer.from(body.content_base64, 'base64'), row.certificatePem, abmPrivateKey(box.open(row.keySealed)));
      } catch (err) {
        if (err instanceof ServerTokenError) throw new AppError('VALIDATION_FAILED', err.message);
        throw err;
      }
      const expiry = new Date(token.access_token_expiry);
      if (expiry.getTime() <= Date.now()) throw new AppError('VALIDATION_FAILED', '该服务器令牌已过期，请在 Apple 商务管理中重新下载');
      const account = await checkWithApple(token);
      // Another MDM server in ABM means another device list: start that list, cursor and profile afresh.
      const otherServer = row.serverUuid !== null && row.serverUuid !== account.server_uuid;
      if (otherServer) await repo.forgetDevices(auth.storeId);
      await repo.update(auth.storeId, {
        tokenSealed: box.seal(JSON.stringify(token)),
        accessTokenExpiry: expiry,
        uploadedAt: new Date(),
        serverName: account.server_name,
        serverUuid: account.server_uuid,
        orgName: account.org_name,
        orgId: account.org_id,
        lastSyncError: null,
        syncFailures: 0,
        nextSyncAt: new Date(),
        ...(otherServer ? { cursor: null, profileUuid: null, profileUrl: null } : {}),
      });
      // The first sync runs at once so the page shows the devices; a failure is recorded and shown, the token stays.
      await deps.sync.syncNow(auth.storeId).catch(() => undefined);
      return info(auth.storeId);
    },

    async syncNow(auth: AuthContext): Promise<AbmSyncResult> {
      const row = await repo.get(auth.storeId);
      if (!row?.tokenSealed) throw new AppError('VALIDATION_FAILED', '尚未上传 Apple 商务管理服务器令牌');
      let result: AbmSyncResult | null;
      try {
        result = await deps.sync.syncNow(auth.storeId);
      } catch (err) {
        if (err instanceof DepError) throw new AppError('SERVICE_UNAVAILABLE', err.message);
        throw err;
      }
      if (!result) throw new AppError('CONFLICT', '正在同步中，请稍后刷新查看');
      return result;
    },

    async devices(auth: AuthContext, query: AbmDeviceListQuery): Promise<ListResponse<AbmDeviceItem>> {
      const { rows, total } = await repo.listDevices(auth.storeId, query);
      return {
        total,
        list: rows.map(({ d, deviceId, abmStatus }) => ({
          serial_number: d.serialNumber,
          model: d.model,
          description: d.description,
          color: d.color,
          device_family: d.deviceFamily,
          os: d.os,
          profile_status: d.profileStatus,
          profile_uuid: d.profileUuid,
          profile_assign_time: iso(d.profileAssignTime),
          device_assigned_date: iso(d.deviceAssignedDate),
          device_assigned_by: d.deviceAssignedBy,
          op_type: d.opType,
          op_date: iso(d.opDate),
          device_id: deviceId,
          abm_status: abmStatus ?? abmStatusOf(d.profileStatus, d.opType),
          date_updated: d.dateUpdated.toISOString(),
        })),
      };
    },
  };
}
export type AbmService = ReturnType<typeof createAbmService>;
