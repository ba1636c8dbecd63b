import forge from 'node-forge';

/** toDer and fromDer convert between Buffers and node-forge's ASN.1 trees (forge works on binary strings). */
export const toDer = (asn1: forge.asn1.Asn1) => Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');

/** fromDer parses DER; node-forge keeps the original BIT STRING bytes, so re-encoding gives back the same DER. */
export const fromDer = (der: Buffer) => forge.asn1.fromDer(der.toString('binary'));
