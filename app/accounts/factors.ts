// A sign-in factor as the pages see it (the spec's section 3: id, status, factor_type,
// friendly_name).

export type FactorType = "totp" | "webauthn";

export type Factor = {
  id: string;
  type: FactorType;
  friendlyName: string;
  status: "verified" | "unverified";
  createdAt: string | null;
  /** A passkey's last sign-in; null when never used (or an app, whose uses are not kept). */
  lastUsed: string | null;
};

export const FACTOR_TYPE_LABELS: Record<FactorType, string> = {
  totp: "Authenticator app",
  webauthn: "Passkey",
};

/** The longest friendly name a factor may have. */
export const FACTOR_NAME_MAX = 40;
