// Access tokens for the API, as the pages and the API reference name them.

/** Every personal API key starts with this, so a leaked one is recognisable. */
export const API_KEY_PREFIX = "studio_";

/** How long a service token (JWT) is valid, in seconds. */
export const SERVICE_TOKEN_LIFETIME = 15 * 60;

/** The header a personal API key travels in. */
export const API_KEY_HEADER = "x-api-key";

/** The longest name a key may have (the library's own limit is 32). */
export const API_KEY_NAME_MAX = 32;

/** A personal API key as the profile lists it (never the key itself). */
export type ApiKeySummary = {
  id: string;
  name: string;
  start: string | null;
  createdAt: string;
  lastUsed: string | null;
};
