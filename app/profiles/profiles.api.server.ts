import { type Endpoint, listEndpoint, pagedListEndpoint } from "~/platform/http/endpoint";
import { runtimeContext } from "~/platform/server/context.server";
import type { Permission } from "~/roles";
import { PreferencesSchema, ProfileSummarySchema } from "./profile-schema";
import { getPreferences, listProfilesPage } from "./profiles.server";

// The profiles feature's API endpoints, for the developer console: the profiles table, and
// user_preferences, which answers with the caller's own row only.
export const PROFILES_ENDPOINTS: Endpoint<Permission>[] = [
  pagedListEndpoint({
    path: "profiles",
    summary: "Profiles (id, username, display name)",
    permission: "canAccessDevConsole",
    item: ProfileSummarySchema,
    statuses: [200, 400, 401, 403, 429, 503],
    cursor: { ids: "text" },
    read: ({ context, limit, page }) =>
      listProfilesPage(context.get(runtimeContext).db, { page, size: limit }),
  }),
  listEndpoint({
    path: "user_preferences",
    summary: "Your own preferences",
    permission: "canAccessDevConsole",
    item: PreferencesSchema,
    statuses: [200, 400, 401, 403, 429, 503],
    read: async ({ context, caller }) => [
      await getPreferences(context.get(runtimeContext).db, caller.id),
    ],
  }),
];
