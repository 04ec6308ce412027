import crypto from "node:crypto";

// Secrets at rest (docs/accounts-and-security.md#secrets-at-rest): AES-256-GCM under a key derived
// with HKDF-SHA256 from a server secret, per purpose (its salt and info). A sealed value is
// "v1." + base64url(iv | tag | ciphertext); the caller's associated data (a row's id and field)
// binds it to its place, so a sealed value copied to another row or field does not open.

const VERSION = "v1.";

export type SealedBox = {
  seal(plain: string, associated: string): string;
  /** Throws when the value was altered, moved or sealed under another secret. */
  open(sealed: string, associated: string): string;
};

/** Derives one 32-byte key of a purpose from the secret. */
export const deriveKey = (secret: string, salt: string, info: string) =>
  Buffer.from(crypto.hkdfSync("sha256", secret, Buffer.from(salt), info, 32));

export function sealedBox(secret: string, purpose: { salt: string; info: string }): SealedBox {
  const key = deriveKey(secret, purpose.salt, purpose.info);
  return {
    seal(plain, associated) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(Buffer.from(associated));
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
    },
    open(sealed, associated) {
      if (!sealed.startsWith(VERSION)) throw new Error("Unknown sealed value format");
      const raw = Buffer.from(sealed.slice(VERSION.length), "base64url");
      const decipher = crypto.createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(associated));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    },
  };
}

/** How many values of one kind are sealed, and how many of them open with the configured secret. */
export type SealedCount = { kind: string; sealed: number; opened: number };
