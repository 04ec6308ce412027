import crypto from "node:crypto";

// A software WebAuthn authenticator (ES256, "none" attestation) for tests that must choose the
// flags an authenticator reports: Chromium's virtual authenticator always verifies its user, a
// cheap security key may only see a touch (user present, not verified).

export const FLAGS = { userPresent: 0x01, userVerified: 0x04, attested: 0x40 } as const;

const b64url = (bytes: Buffer) => bytes.toString("base64url");
const sha256 = (data: Buffer | string) => crypto.createHash("sha256").update(data).digest();

/** A minimal CBOR encoder: unsigned and negative integers, byte and text strings, maps. */
function cbor(value: number | string | Buffer | Map<number | string, unknown>): Buffer {
  const head = (major: number, length: number) => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 256) return Buffer.from([(major << 5) | 24, length]);
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(length, 1);
    return b;
  };
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const text = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, text.length), text]);
  }
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  const parts: Buffer[] = [head(5, value.size)];
  for (const [key, item] of value) {
    parts.push(cbor(key), cbor(item as Parameters<typeof cbor>[0]));
  }
  return Buffer.concat(parts);
}

export type SoftAuthenticator = {
  credentialId: Buffer;
  /** Registration: the attestation answer to a create() call with the server's options. */
  attest(options: { challenge: string; origin: string; rpId: string; flags: number }): unknown;
  /** Authentication: the assertion answer to a get() call with the server's options. */
  assert(options: { challenge: string; origin: string; rpId: string; flags: number }): unknown;
};

export function softAuthenticator(): SoftAuthenticator {
  const { privateKey, publicKey } = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const coseKey = cbor(
    new Map<number, unknown>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x ?? "", "base64url")],
      [-3, Buffer.from(jwk.y ?? "", "base64url")],
    ]),
  );
  const credentialId = crypto.randomBytes(16);
  let counter = 0;
  const authData = (rpId: string, flags: number, attested?: Buffer) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(++counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, attested ?? Buffer.alloc(0)]);
  };
  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  return {
    credentialId,
    attest({ challenge, origin, rpId, flags }) {
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, coseKey]);
      const attestationObject = cbor(
        new Map<string, unknown>([
          ["fmt", "none"],
          ["attStmt", new Map()],
          ["authData", authData(rpId, flags | FLAGS.attested, attested)],
        ]),
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: "public-key",
        response: {
          clientDataJSON: b64url(clientData("webauthn.create", challenge, origin)),
          attestationObject: b64url(attestationObject),
          transports: ["usb"],
        },
        clientExtensionResults: {},
      };
    },
    assert({ challenge, origin, rpId, flags }) {
      const data = authData(rpId, flags);
      const client = clientData("webauthn.get", challenge, origin);
      const signature = crypto.sign("sha256", Buffer.concat([data, sha256(client)]), privateKey);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: "public-key",
        response: {
          clientDataJSON: b64url(client),
          authenticatorData: b64url(data),
          signature: b64url(signature),
        },
        clientExtensionResults: {},
      };
    },
  };
}
