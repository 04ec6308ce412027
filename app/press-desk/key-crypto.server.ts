import crypto from "node:crypto";
import { deriveKey, sealedBox } from "~/platform/crypto/sealed-box.server";

// Press keys at rest (docs/accounts-and-security.md#press-key-encryption): AES-256-GCM under a key
// derived with HKDF-SHA256 from PRESS_KEYS_SECRET (AUTH_SECRET when unset), through the shared
// sealed box. A row read from the database or a dump holds only "v1." + base64url(iv | tag |
// ciphertext) and an HMAC fingerprint; without the secret neither gives the key back. The game and
// platform are the cipher's associated data, so a sealed key moved to another game's row does not
// open.

const SALT = "studio-site press keys";

export type KeySealer = {
  seal(key: string, scope: KeyScope): string;
  open(sealed: string, scope: KeyScope): string;
  fingerprint(key: string): string;
};

export type KeyScope = { gameId: string; platform: string };

const aad = (scope: KeyScope) => `${scope.gameId}\n${scope.platform}`;

export function keySealer(env: { AUTH_SECRET: string; PRESS_KEYS_SECRET?: string }): KeySealer {
  const secret = env.PRESS_KEYS_SECRET ?? env.AUTH_SECRET;
  const box = sealedBox(secret, { salt: SALT, info: "press-keys/aes-256-gcm/v1" });
  const macKey = deriveKey(secret, SALT, "press-keys/fingerprint/v1");
  return {
    seal: (key, scope) => box.seal(key, aad(scope)),
    open(sealed, scope) {
      if (!sealed.startsWith("v1.")) throw new Error("Unknown press key format");
      return box.open(sealed, aad(scope));
    },
    fingerprint(key) {
      return crypto.createHmac("sha256", macKey).update(key).digest("base64url");
    },
  };
}
