import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { AuthContext } from '../../http/authz.ts';
import { type EnrollTokenService, agentApkFile } from '../../mdm/android/enroll-token.service.ts';

export interface AndroidEnrolmentServiceDeps {
  /** The Android engine's one-time tokens behind the QR code, and the APK's download address. */
  enrollTokens: Pick<EnrollTokenService, 'issue' | 'downloadUrl'>;
  /** Where an operator drops the agent APK (DATA_DIR/android-agent/agent.apk); unset, no APK is offered. */
  dataDir?: string;
}

/**
 * createAndroidEnrolmentService answers the console's Android enrolment calls: the QR code's one-time token and
 * the agent APK's download link. The APK's SHA-256 is computed once per file (size and modification time) and
 * kept, instead of reading and hashing the whole APK on each request; an APK replaced live is hashed again.
 */
export function createAndroidEnrolmentService(deps: AndroidEnrolmentServiceDeps) {
  let hashed: { version: string; sha256: string } | null = null;
  const apkSha256 = (file: string) => {
    const stat = fs.statSync(file);
    const version = `${stat.size}:${stat.mtimeMs}`;
    if (hashed?.version !== version) hashed = { version, sha256: createHash('sha256').update(fs.readFileSync(file)).digest('hex') };
    return hashed.sha256;
  };

  return {
    issueToken: (auth: AuthContext, opts: { forClerkId?: string | null; channel?: number }) => deps.enrollTokens.issue(auth, opts),

    /** downloadLink: the agent APK on the caller's store host (its own white-label host, else PUBLIC_URL). */
    async downloadLink(auth: AuthContext) {
      const file = deps.dataDir ? agentApkFile(deps.dataDir) : null;
      const available = Boolean(file && fs.existsSync(file));
      return { download_url: await deps.enrollTokens.downloadUrl(auth.storeId), available, sha256: available ? apkSha256(file!) : null };
    },
  };
}
export type AndroidEnrolmentService = ReturnType<typeof createAndroidEnrolmentService>;
