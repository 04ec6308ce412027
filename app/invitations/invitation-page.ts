import type { SignInProvider } from "~/accounts";
import type { InvitableRole } from "./invitation-rules";

// What the invitation page's loader tells its screen: one state per kind of visitor.

/** A usable invitation as the page offers it. */
export type InvitationOffer = {
  email: string;
  role: InvitableRole;
  expiresAt: string;
  token: string;
  inviter: string | null;
};

export type InvitationPage =
  | { state: "refused"; message: string }
  | ({ state: "sign-up"; providers: SignInProvider[] } & InvitationOffer)
  | ({ state: "sign-in"; signInHref: string } & InvitationOffer)
  | ({ state: "accept" } & InvitationOffer)
  | ({ state: "other-account"; signedInAs: string } & InvitationOffer);
