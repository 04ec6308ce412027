import crypto from "node:crypto";

// RFC 6238 time-based one-time passwords (HMAC-SHA-1, 6 digits, 30-second steps), as an
// authenticator app computes them, so the two-factor tests need no extra package.

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** Decodes RFC 4648 base32 (padding and case ignored). */
export function base32Decode(input: string): Buffer {
  const clean = input.replace(/=+$/, "").toUpperCase();
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not a base32 character: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** RFC 4226 HOTP for one counter value. */
export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = crypto.createHmac("sha1", key).update(message).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The TOTP code for a base32 secret at a moment (default now). */
export function totp(secret: string, at = Date.now(), period = 30, digits = 6): string {
  return hotp(base32Decode(secret), Math.floor(at / 1000 / period), digits);
}

/** The base32 secret of an otpauth:// URI. */
export function secretOf(otpauthUri: string): string {
  const url = new URL(otpauthUri);
  if (url.protocol !== "otpauth:") throw new Error(`not an otpauth URI: ${otpauthUri}`);
  const secret = url.searchParams.get("secret");
  if (!secret) throw new Error(`no secret in ${otpauthUri}`);
  return secret;
}
