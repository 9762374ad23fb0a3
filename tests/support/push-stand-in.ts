import { execFileSync } from 'node:child_process';
import { createECDH, createDecipheriv, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

// A push service as the browsers' are (RFC 8030 over HTTPS), for subscriptions the test makes
// with its own keys as a browser would: it checks each message's VAPID signature (RFC 8292) and
// decrypts its payload (RFC 8291, aes128gcm), with no code shared with the sender.

const b64url = (buf: Buffer) => buf.toString('base64url');
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** A browser's side of one subscription: its key pair and auth secret. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, publicKey: ecdh.getPublicKey(), auth: randomBytes(16) };
}
export type BrowserKeys = ReturnType<typeof browserKeys>;

/** RFC 8291 §3.4 and RFC 8188: one record, as web push messages are. */
export function decryptPayload(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const senderPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  const ecdhSecret = keys.ecdh.computeSecret(senderPublic);
  const prkKey = hmac(keys.auth, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.publicKey, senderPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('not the last record (delimiter 0x02 missing)');
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: `vapid t=<JWT signed ES256>, k=<the signer's public key>`; the claims if the signature holds. */
export function checkVapid(authorization: string | undefined) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${authorization}`);
  const [header, claims, signature] = match[1]!.split('.') as [string, string, string];
  const point = Buffer.from(match[2]!, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('VAPID signature does not verify');
  return {
    publicKey: match[2]!,
    alg: JSON.parse(Buffer.from(header, 'base64url').toString()).alg as string,
    claims: JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string },
  };
}

export interface Delivered {
  subscription: string;
  headers: Record<string, string | string[] | undefined>;
  payload: string;
  vapid: ReturnType<typeof checkVapid>;
}

/** A self-signed certificate for 127.0.0.1, made with openssl. */
function certificate() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const pair = { key: fs.readFileSync(path.join(dir, 'key.pem')), cert: fs.readFileSync(path.join(dir, 'cert.pem')) };
  fs.rmSync(dir, { recursive: true, force: true });
  return pair;
}

/**
 * Starts the push service. Its certificate is trusted by this process's HTTPS requests while it
 * runs (the app under test sends from this process). `subscribe` gives a browser's subscription;
 * a subscription in `gone` is answered 410 Gone, as after the user revoked it.
 */
export async function startPushStandIn() {
  const { key, cert } = certificate();
  const keysById = new Map<string, BrowserKeys>();
  const delivered: Delivered[] = [];
  const refused: string[] = [];
  const gone = new Set<string>();
  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = (req.url ?? '').split('/').pop() ?? '';
      const keys = keysById.get(id);
      if (!keys || gone.has(id)) {
        refused.push(id);
        res.writeHead(410).end();
        return;
      }
      try {
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${req.headers['content-encoding']}`);
        const vapid = checkVapid(req.headers.authorization);
        delivered.push({ subscription: id, headers: req.headers, payload: decryptPayload(Buffer.concat(chunks), keys), vapid });
        res.writeHead(201, { location: `/message/${randomBytes(8).toString('hex')}` }).end();
      } catch (err) {
        res.writeHead(400).end(String(err));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const previousCa = https.globalAgent.options.ca;
  https.globalAgent.options.ca = cert;
  return {
    origin: `https://127.0.0.1:${port}`,
    delivered,
    refused,
    gone,
    /** A new subscription, in the shape PushSubscription.toJSON() gives. */
    subscribe() {
      const id = randomBytes(12).toString('hex');
      const keys = browserKeys();
      keysById.set(id, keys);
      return { id, endpoint: `https://127.0.0.1:${port}/push/${id}`, keys: { p256dh: b64url(keys.publicKey), auth: b64url(keys.auth) } };
    },
    close: () => {
      https.globalAgent.options.ca = previousCa;
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
