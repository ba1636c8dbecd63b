import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Ca, createCa, loadCa } from './pki/ca.ts';

export interface MdmKeys {
  ca: Ca;
  caCertPem: string;
  /** The APNs MDM topic (`com.apple.mgmt.…`): it may never change while phones are enrolled. */
  topic: string;
}

/**
 * loadMdmKeys reads the device CA and the MDM topic from DATA_DIR/keys, creating them on first start.
 * The topic comes from the operator's push certificate when configured (MDM_TOPIC); the generated one
 * only serves simulated phones and the local APNs stand-in.
 */
export function loadMdmKeys(dataDir: string, topicFromConfig?: string): MdmKeys {
  const dir = path.join(dataDir, 'keys');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const certFile = path.join(dir, 'mdm-ca.crt');
  const keyFile = path.join(dir, 'mdm-ca.key');
  if (!fs.existsSync(certFile) || !fs.existsSync(keyFile)) {
    const material = createCa({ commonName: '租机宝 MDM 设备 CA', organization: '租机宝' });
    fs.writeFileSync(keyFile, material.keyPem, { mode: 0o600 });
    fs.writeFileSync(certFile, material.certPem);
  }
  const caCertPem = fs.readFileSync(certFile, 'utf8');
  const ca = loadCa({ certPem: caCertPem, keyPem: fs.readFileSync(keyFile, 'utf8') });
  const topicFile = path.join(dir, 'mdm-topic.txt');
  if (!topicFromConfig && !fs.existsSync(topicFile)) fs.writeFileSync(topicFile, `com.apple.mgmt.External.${randomUUID()}`);
  const topic = topicFromConfig ?? fs.readFileSync(topicFile, 'utf8').trim();
  return { ca, caCertPem, topic };
}

/** ephemeralMdmKeys is for tests: a fresh CA (optionally from a pre-generated key) and topic. */
export function ephemeralMdmKeys(): MdmKeys {
  const material = createCa({ commonName: 'Test MDM CA' });
  return { ca: loadCa(material), caCertPem: material.certPem, topic: `com.apple.mgmt.External.${randomUUID()}` };
}
