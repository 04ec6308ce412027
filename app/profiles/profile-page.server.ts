import { describeDevice } from "~/accounts";
import {
  confirmedWithin,
  hasVerifiedFactor,
  listActiveSessions,
  listApiKeys,
  listFactorsAndPhone,
  listIdentities,
  type SessionUser,
} from "~/accounts/index.server";
import { listRecentActivity } from "~/activity/index.server";
import { isDatabaseUnavailable } from "~/db/availability.server";
import type { Database } from "~/db/database.server";
import { newsletterAccount, readAccountNewsletter } from "~/newsletter/index.server";
import { type AppContext, runtimeContext } from "~/platform/server/context.server";
import { loadPhones } from "./phone-page.server";
import { getPreferences, getProfile } from "./profiles.server";

// What /profile shows a signed-in user (docs/product.md#profile): each part is read on its own, and
// one that fails to load is replaced by its defaults and named in `errors` (the page toasts each).

const TABS = ["profile", "activity", "settings"] as const;
type Tab = (typeof TABS)[number];
const isTab = (tab: string | null): tab is Tab => TABS.some((known) => known === tab);

/**
 * The Settings tab's values: the saved preferences, whose 'Email Notifications' switch shows the
 * account's studio newsletter subscription, and the games' lists beside it.
 */
async function loadSettings(db: Database, userId: string) {
  const [preferences, account] = await Promise.all([
    getPreferences(db, userId),
    newsletterAccount(db, userId),
  ]);
  const newsletter = account ? await readAccountNewsletter(db, account) : null;
  return {
    preferences: { ...preferences, emailNotifications: newsletter?.studio ?? false },
    newsletter: newsletter && {
      games: newsletter.games,
      pending: newsletter.pending,
      verified: newsletter.verified,
    },
  };
}

export async function loadProfilePage(request: Request, context: AppContext, user: SessionUser) {
  const runtime = context.get(runtimeContext);
  const { db, logger } = runtime;
  const tab = new URL(request.url).searchParams.get("tab");
  const attempt = async <T>(what: string, run: () => Promise<T>, fallback: T) => {
    try {
      return { value: await run(), error: null };
    } catch (error) {
      // An unreachable database is an outage: the whole page answers 503 (we'll be right back),
      // not four failure notices.
      if (isDatabaseUnavailable(error)) throw error;
      logger.error({ err: error }, `profile: ${what}`);
      return { value: fallback, error: what };
    }
  };
  // The sign-in methods and the phone's waiting code come from one read of the factors.
  const factorRows = listFactorsAndPhone(db, user.id);
  const [profile, preferences, activity, sessions, factors, apiKeys, identities, phones] =
    await Promise.all([
      attempt("Failed to load profile information", () => getProfile(db, user.id), null),
      attempt("Failed to load preferences", () => loadSettings(db, user.id), {
        // Unknown: the switch shows off, so that saving the theme never subscribes anyone.
        preferences: {
          emailNotifications: false,
          themePreference: "system" as const,
          privacyLevel: "public" as const,
        },
        newsletter: null,
      }),
      attempt("Failed to load activity data", () => listRecentActivity(db, user.id), []),
      attempt("Failed to load your devices", () => listActiveSessions(db, user.id), []),
      attempt(
        "Failed to load your sign-in methods",
        () => factorRows.then((rows) => rows.factors),
        [],
      ),
      attempt("Failed to load your API keys", () => listApiKeys(db, user.id), []),
      attempt(
        "Failed to load your linked accounts",
        () => listIdentities(db, runtime.env, user.id),
        { linked: [], linkable: [], hasPassword: true },
      ),
      attempt(
        "Failed to load your phone",
        () =>
          loadPhones(
            context,
            factorRows.then((rows) => rows.phone),
          ),
        {
          offered: false,
          waiting: null,
        },
      ),
    ]);
  const devices = sessions.value
    .map((s) => ({
      id: s.id,
      device: describeDevice(s.userAgent),
      ipAddress: s.ipAddress ?? null,
      lastActive: new Date(s.updatedAt ?? s.createdAt).toISOString(),
      current: s.id === user.sessionId,
    }))
    .sort(
      (a, b) => Number(b.current) - Number(a.current) || b.lastActive.localeCompare(a.lastActive),
    );
  return {
    signedIn: true as const,
    tab: isTab(tab) ? tab : "profile",
    user: {
      id: user.id,
      email: user.email,
      role: user.role,
      twoFactorEnabled: user.twoFactorEnabled,
      // The owner's banner: an authenticator app, a phone or a passkey is a second factor.
      hasSecondFactor: hasVerifiedFactor(factors.value),
      createdAt: user.createdAt,
    },
    profile: profile.value ?? {
      id: user.id,
      username: user.email,
      displayName: null,
      bio: null,
      avatarUrl: null,
      createdAt: user.createdAt,
    },
    preferences: preferences.value.preferences,
    newsletter: preferences.value.newsletter,
    activity: activity.value,
    devices,
    factors: factors.value,
    apiKeys: apiKeys.value,
    identities: identities.value,
    phones: phones.value,
    // Whether adding a credential asks for the password, from this session's row among the
    // devices (a failed read asks for it).
    confirmationNeeded: !confirmedWithin(sessions.value.find((s) => s.id === user.sessionId)),
    errors: [
      profile.error,
      preferences.error,
      activity.error,
      sessions.error,
      factors.error,
      apiKeys.error,
      identities.error,
      phones.error,
    ].filter((error) => error !== null),
  };
}
