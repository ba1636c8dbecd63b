import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type SecretBox, createSecretBox } from '../../../secret-box.ts';

/** PushMaterial is a push certificate with its private key, both PEM: what the APNs client presents. */
export interface PushMaterial {
  certPem: string;
  keyPem: string;
}

/** PendingRequest is a CSR made here and its key, waiting for the certificate Apple issues for it. */
export interface PendingRequest {
  csrPem: string;
  keyPem: string;
  createdAt: Date;
}

/**
 * createPushCertStore keeps the push certificate in DATA_DIR/keys/push-cert: the certificate in clear, its private
 * key and the pending request's key sealed (AES-256-GCM, key file beside the others in DATA_DIR/keys), so a copy
 * of the folder without its key file does not let anyone push to the fleet. Writes go to a temporary file then
 * rename, so a crash never leaves half a key.
 */
export function createPushCertStore(dataDir: string, box?: SecretBox) {
  const keysDir = path.join(dataDir, 'keys');
  const dir = path.join(keysDir, 'push-cert');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const sealer = box ?? createSecretBox(loadOrCreateKey(path.join(keysDir, 'push-cert-aes.key')));
  const file = (name: string) => path.join(dir, name);
  const read = (name: string) => (fs.existsSync(file(name)) ? fs.readFileSync(file(name), 'utf8') : undefined);
  const write = (name: string, text: string) => {
    const tmp = `${file(name)}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, text, { mode: 0o600 });
    fs.renameSync(tmp, file(name));
  };
  const remove = (name: string) => fs.rmSync(file(name), { force: true });

  return {
    pending(): PendingRequest | undefined {
      const csrPem = read('pending.csr.pem');
      const sealed = read('pending.key.sealed');
      if (!csrPem || !sealed) return undefined;
      return { csrPem, keyPem: sealer.open(sealed), createdAt: fs.statSync(file('pending.csr.pem')).mtime };
    },
    savePending(csrPem: string, keyPem: string) {
      write('pending.key.sealed', sealer.seal(keyPem));
      write('pending.csr.pem', csrPem);
    },
    installed(): PushMaterial | undefined {
      const certPem = read('push.crt.pem');
      const sealed = read('push.key.sealed');
      if (!certPem || !sealed) return undefined;
      return { certPem, keyPem: sealer.open(sealed) };
    },
    /** install replaces the certificate and key; the request it answered is done with. */
    install(material: PushMaterial, fromPending: boolean) {
      write('push.key.sealed', sealer.seal(material.keyPem));
      write('push.crt.pem', material.certPem);
      if (fromPending) {
        remove('pending.csr.pem');
        remove('pending.key.sealed');
      }
    },
    /** rememberTopic writes the topic loadMdmKeys reads at start, so profiles made after a restart name it too. */
    rememberTopic(topic: string) {
      fs.writeFileSync(path.join(keysDir, 'mdm-topic.txt'), topic);
    },
  };
}
export type PushCertStore = ReturnType<typeof createPushCertStore>;

function loadOrCreateKey(file: string): Uint8Array {
  if (fs.existsSync(file)) return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  const key = randomBytes(32);
  fs.writeFileSync(file, key.toString('base64'), { mode: 0o600 });
  return key;
}
