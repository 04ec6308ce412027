// A sign-in factor as the pages see it (the spec's section 3: id, status, factor_type,
// friendly_name).

export type FactorType = "totp" | "webauthn" | "phone";

export type Factor = {
  id: string;
  type: FactorType;
  friendlyName: string;
  status: "verified" | "unverified";
  createdAt: string | null;
  /** A passkey's or phone's last sign-in; null when never used (or an app, whose uses are not kept). */
  lastUsed: string | null;
  /** A phone's number masked to its last two digits ("••••••••67"); null for other factors. */
  phone: string | null;
};

export const FACTOR_TYPE_LABELS: Record<FactorType, string> = {
  totp: "Authenticator app",
  webauthn: "Passkey",
  phone: "Phone",
};

/** The longest friendly name a factor may have. */
export const FACTOR_NAME_MAX = 40;
