import { listOf } from "~/platform/http/api-shapes";
import { defineEndpoint, type Endpoint } from "~/platform/http/endpoint";
import type { Permission } from "~/roles";
import { PreferencesSchema, ProfileSummarySchema } from "./profile-schema";
import { getPreferences, listProfiles } from "./profiles.server";

// The profiles feature's API endpoints, for the developer console: the profiles table, and
// user_preferences, which answers with the caller's own row only (decision 030).
export const PROFILES_ENDPOINTS: Endpoint<Permission>[] = [
  defineEndpoint({
    method: "GET",
    path: "profiles",
    summary: "Profiles (id, username, display name)",
    permission: "canAccessDevConsole",
    response: listOf(ProfileSummarySchema),
    statuses: [200, 400, 401, 403, 429, 503],
    run: async ({ context, limit }) => ({
      data: await listProfiles(context.runtime.db, { limit }),
      limit,
    }),
  }),
  defineEndpoint({
    method: "GET",
    path: "user_preferences",
    summary: "Your own preferences",
    permission: "canAccessDevConsole",
    response: listOf(PreferencesSchema),
    statuses: [200, 400, 401, 403, 429, 503],
    run: async ({ context, caller, limit }) => ({
      data: [await getPreferences(context.runtime.db, caller.id)],
      limit,
    }),
  }),
];
