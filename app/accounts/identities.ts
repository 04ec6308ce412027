import type { SignInProvider } from "./providers";

// Linked provider identities as the profile shows them (identities.server.ts reads them).

export type Identity = {
  id: string;
  providerId: string;
  providerName: string;
  linkedAt: string;
  /** Its last sign-in (the library refreshes the identity's tokens then). */
  lastUsed: string;
};

export type Identities = {
  linked: Identity[];
  /** Configured providers the account has no identity of yet. */
  linkable: SignInProvider[];
  hasPassword: boolean;
};
