import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { fetchViaInject } from './fetch-via-inject.ts';
import { createMdmTransport } from './transport.ts';

describe('fetchViaInject', () => {
  it("carries the phone's PUTs into a Fastify app and its answers back, without a socket", async () => {
    const app = Fastify();
    app.addContentTypeParser('application/x-apple-aspen-mdm', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    app.put('/mdm/connect', async (req, reply) => {
      expect(req.headers['content-type']).toBe('application/x-apple-aspen-mdm');
      expect(String(req.body)).toContain('<string>Idle</string>');
      return reply.code(403).type('application/json').send({ code: 'com.apple.unrecognized.device' });
    });
    app.get('/nothing', async (_req, reply) => reply.code(204).send());
    const transport = createMdmTransport({ fetch: fetchViaInject(app), serverOrigin: 'http://ignored.invalid' });
    expect(await transport.put('https://mdm.example.com/mdm/connect?x=1', 'connect', { UDID: 'u', Status: 'Idle' })).toMatchObject({
      kind: 'client-error',
      status: 403,
      errorCode: 'com.apple.unrecognized.device',
    });
    expect((await transport.fetch('https://mdm.example.com/nothing', { method: 'GET' })).status).toBe(204);
    await app.close();
  });
});
