import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pushCertificateBody, pushCsrBody, pushVendorSignBody } from '@lease/shared';
import { requireOperator } from '../../../http/authz.ts';
import type { PushCertService } from '../../../mdm/apple/push-cert/push-cert.service.ts';
import type { OpsAudit } from '../ops-audit.ts';

const tags = ['ops'];

/**
 * The operator's MDM push certificate: status, a CSR made here, the vendor signature Apple
 * wants on it, and the Apple-issued certificate. Every change is written to the operator audit log; the private
 * keys (ours and the vendor's) never appear in an answer or in the log.
 */
export const opsPushCertRoutes: FastifyPluginAsyncZod<{ pushCert: PushCertService; audit: OpsAudit }> = async (app, { pushCert, audit }) => {
  app.get('/api/ops/push-cert', { config: { auth: 'operator' }, schema: { tags } }, () => pushCert.status());

  app.post('/api/ops/push-cert/csr', { config: { auth: 'operator' }, schema: { tags, body: pushCsrBody } }, async (req) => {
    const op = requireOperator(req);
    const result = pushCert.csr(req.body.replace === true);
    if (result.created) {
      await audit.write({
        operatorId: op.operatorId,
        operatorName: op.name,
        action: 'push-cert.csr',
        targetType: 'push-cert',
        targetId: 'csr',
        after: { created_at: result.created_at, replaced: req.body.replace === true },
        ip: req.ip,
      });
    }
    return result;
  });

  app.post(
    '/api/ops/push-cert/vendor-sign',
    { config: { auth: 'operator' }, bodyLimit: 256 * 1024, schema: { tags, body: pushVendorSignBody } },
    async (req) => {
      const op = requireOperator(req);
      const result = pushCert.vendorSign(req.body);
      await audit.write({
        operatorId: op.operatorId,
        operatorName: op.name,
        action: 'push-cert.vendor-sign',
        targetType: 'push-cert',
        targetId: 'csr',
        after: { vendor_subject: result.vendor_subject, vendor_not_after: result.vendor_not_after },
        ip: req.ip,
      });
      return result;
    },
  );

  app.post(
    '/api/ops/push-cert/certificate',
    { config: { auth: 'operator' }, bodyLimit: 128 * 1024, schema: { tags, body: pushCertificateBody } },
    async (req) => {
      const op = requireOperator(req);
      const { status, change } = await pushCert.accept(req.body.certificate_pem);
      await audit.write({
        operatorId: op.operatorId,
        operatorName: op.name,
        action: 'push-cert.install',
        targetType: 'push-cert',
        targetId: change.after.topic,
        before: change.before,
        after: { ...change.after, source: status.source },
        ip: req.ip,
      });
      return status;
    },
  );
};
