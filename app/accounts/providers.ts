// The sign-in providers as the pages see them (server and browser alike).

export type ProviderId = "discord" | "github" | "google" | "oidc";

export type SignInProvider = { id: ProviderId; name: string };
