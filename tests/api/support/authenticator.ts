import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software authenticator for API tests (docs/product/phone.md, passkeys): it makes a P-256 credential and
 * answers creation and request options as a browser with a platform authenticator would (WebAuthn
 * level 3: attestation "none", CBOR-encoded COSE key, ES256 signatures), so the server's checks run
 * on real answers. Browser tests use Chromium's own virtual authenticator instead.
 */

/** The few CBOR shapes WebAuthn uses (RFC 8949): integers, byte and text strings, maps. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
    if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value as object);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array | string) => Buffer.from(data).toString('base64url');

export interface SoftCredential {
  id: Buffer;
  key: KeyObject;
  publicJwk: { x: string; y: string };
  counter: number;
  /** The user handle the server gave at creation (base64url), as a discoverable credential keeps it. */
  userHandle: string;
}

export interface Origin {
  rpId: string;
  origin: string;
}

export const LOCAL: Origin = { rpId: 'localhost', origin: 'http://localhost' };

/** Answers creation options: a new credential, and the browser's JSON for the server. */
export function create(
  options: { challenge: string; user: { id: string } },
  at: Origin = LOCAL,
): { credential: SoftCredential; answer: Record<string, unknown> } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  const id = randomBytes(16);
  const cose = cbor(
    new Map<number, unknown>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x, 'base64url')],
      [-3, Buffer.from(jwk.y, 'base64url')],
    ]),
  );
  const length = Buffer.alloc(2);
  length.writeUInt16BE(id.length);
  const authData = Buffer.concat([
    sha256(at.rpId),
    Buffer.from([0x45]), // user present, user verified, attested credential data
    Buffer.alloc(4), // sign count 0
    Buffer.alloc(16), // AAGUID
    length,
    id,
    cose,
  ]);
  const clientData = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: at.origin });
  const credential = { id, key: privateKey, publicJwk: jwk, counter: 0, userHandle: options.user.id };
  return {
    credential,
    answer: {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData),
        attestationObject: b64url(cbor({ fmt: 'none', attStmt: {}, authData })),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    },
  };
}

/** Answers request options with the credential: the counter moves on by one (unless told what to say). */
export function assert(
  credential: SoftCredential,
  options: { challenge: string },
  { at = LOCAL, counter, userHandle }: { at?: Origin; counter?: number; userHandle?: string } = {},
): Record<string, unknown> {
  credential.counter = counter ?? credential.counter + 1;
  const count = Buffer.alloc(4);
  count.writeUInt32BE(credential.counter);
  const authData = Buffer.concat([sha256(at.rpId), Buffer.from([0x05]), count]);
  const clientData = JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: at.origin });
  const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), credential.key);
  return {
    id: b64url(credential.id),
    rawId: b64url(credential.id),
    type: 'public-key',
    response: {
      clientDataJSON: b64url(clientData),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: userHandle ?? credential.userHandle,
    },
    clientExtensionResults: {},
    authenticatorAttachment: 'platform',
  };
}
