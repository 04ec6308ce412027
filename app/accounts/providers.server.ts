import type { SocialProviders } from "better-auth";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import type { Env } from "~/platform/config/env.server";
import type { ProviderId, SignInProvider } from "./providers";

// The sign-in providers: Discord, GitHub and Google through the auth library's own
// presets, and one generic OpenID Connect provider through its generic-oauth plugin (discovery,
// authorization code with PKCE, ID token checks). Each is on when its environment variables are set;
// none is on by default.

export const OIDC_PROVIDER_ID = "oidc";

/** The library's social providers that this deployment configured. */
export function socialProviders(env: Env): SocialProviders {
  const providers: SocialProviders = {};
  if (env.DISCORD_CLIENT_ID && env.DISCORD_CLIENT_SECRET) {
    providers.discord = {
      clientId: env.DISCORD_CLIENT_ID,
      clientSecret: env.DISCORD_CLIENT_SECRET,
    };
  }
  if (env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET) {
    providers.github = { clientId: env.GITHUB_CLIENT_ID, clientSecret: env.GITHUB_CLIENT_SECRET };
  }
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    providers.google = { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET };
  }
  return providers;
}

/** The generic OpenID Connect provider's plugin, when it is configured. */
export function oidcPlugins(env: Env) {
  if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET) return [];
  const issuer = env.OIDC_ISSUER.replace(/\/+$/, "");
  return [
    genericOAuth({
      config: [
        {
          providerId: OIDC_PROVIDER_ID,
          name: env.OIDC_NAME,
          discoveryUrl: `${issuer}/.well-known/openid-configuration`,
          clientId: env.OIDC_CLIENT_ID,
          clientSecret: env.OIDC_CLIENT_SECRET,
          scopes: ["openid", "email", "profile"],
          pkce: true,
          requireIdTokenVerification: true,
        },
      ],
    }),
  ];
}

/** What /auth and the profile show: the configured providers, in a fixed order. */
export function configuredProviders(env: Env): SignInProvider[] {
  const social = socialProviders(env);
  const list: SignInProvider[] = [];
  for (const id of ["discord", "github", "google"] as const satisfies readonly ProviderId[]) {
    if (social[id]) list.push({ id, name: PRESET_NAMES[id] });
  }
  if (oidcPlugins(env).length > 0) list.push({ id: OIDC_PROVIDER_ID, name: env.OIDC_NAME });
  return list;
}

const PRESET_NAMES = { discord: "Discord", github: "GitHub", google: "Google" } as const;

/** Where each preset sends the browser to authorize. */
const PRESET_ORIGINS = {
  discord: "https://discord.com",
  github: "https://github.com",
  google: "https://accounts.google.com",
} as const;

/** The pages whose forms start a provider's flow (/auth signs in, /profile links). */
// /auth/invitation: a staff invitation's page offers the services to create the account.
const PROVIDER_FORM_PAGES = new Set(["/auth", "/profile", "/auth/invitation"]);

/**
 * The origins a page's forms may lead to (CSP form-action follows a form's redirects): the
 * configured providers' authorization pages, on the pages that start their flows only.
 */
export function providerFormTargets(env: Env): (path: string) => readonly string[] {
  const origins = configuredProviders(env).map((provider) =>
    provider.id === OIDC_PROVIDER_ID
      ? new URL(env.OIDC_ISSUER ?? "").origin
      : PRESET_ORIGINS[provider.id as keyof typeof PRESET_ORIGINS],
  );
  return (path) => (PROVIDER_FORM_PAGES.has(path) ? origins : []);
}

/** Whether `value` names a provider this deployment configured. */
export const isProviderId = (value: unknown, env: Env): value is ProviderId =>
  configuredProviders(env).some((p) => p.id === value);
