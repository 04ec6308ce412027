import { desc, eq } from "drizzle-orm";
import { getPhoneFactor } from "~/accounts/index.server";
import { recordActivity } from "~/activity/index.server";
import type { Database } from "~/db/database.server";
import { profiles, sessions, userActivity, userPreferences, userRoles, users } from "~/db/schema";
import { listAccountMessages } from "~/messages/index.server";
import { exportAccountNewsletter } from "~/newsletter/index.server";
import type { PageRequest } from "~/platform/paging/cursor";
import { tablePage } from "~/platform/paging/keyset.server";
import type { Settings } from "./profile-schema";

/** A new account's profile (username = email) and default preferences (docs/product.md#data). */
export async function createAccountDefaults(
  db: Database,
  user: { id: string; email: string; createdAt?: Date },
): Promise<void> {
  await db
    .insert(profiles)
    .values({ id: user.id, username: user.email, createdAt: user.createdAt ?? new Date() })
    .onConflictDoNothing();
  await db.insert(userPreferences).values({ userId: user.id }).onConflictDoNothing();
}

export type Profile = {
  id: string;
  username: string;
  displayName: string | null;
  bio: string | null;
  avatarUrl: string | null;
  createdAt: string;
};

export async function getProfile(db: Database, userId: string): Promise<Profile | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, userId));
  if (!row) return null;
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** Profiles, newest first: what the API lists. */
/** One page of the profiles, newest first: what the API lists. */
export function listProfilesPage(db: Database, options: { page: PageRequest; size: number }) {
  const { page: request, size } = options;
  const order = { key: profiles.createdAt, id: profiles.id };
  return tablePage(db, profiles, { ...order, request, size }, (row) => ({
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    createdAt: row.createdAt.toISOString(),
  }));
}

// The writes below change what signed-in pages show of their viewer (the header's name, avatar and
// theme): each ends by clearing the kept sessions and signed-in pages on every process (decision
// 045), before the caller answers.

/**
 * Saves display name and bio and records a 'profile_update' activity naming the fields that
 * changed, in one transaction. Nothing changed: nothing recorded.
 */
export async function updateProfile(
  db: Database,
  userId: string,
  input: { displayName: string; bio: string },
): Promise<string[]> {
  const updated = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(profiles).where(eq(profiles.id, userId)).for("update");
    if (!current) throw new Error("Profile not found");
    const next = { displayName: input.displayName || null, bio: input.bio || null };
    const updated: string[] = [];
    if ((current.displayName ?? null) !== next.displayName) updated.push("display_name");
    if ((current.bio ?? null) !== next.bio) updated.push("bio");
    if (updated.length === 0) return updated;
    await tx.update(profiles).set(next).where(eq(profiles.id, userId));
    await recordActivity(tx, userId, "profile_update", {
      updated_fields: updated,
    });
    return updated;
  });
  return updated;
}

export async function setAvatarUrl(db: Database, userId: string, avatarUrl: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(profiles).set({ avatarUrl }).where(eq(profiles.id, userId));
    await recordActivity(tx, userId, "profile_update", {
      updated_fields: ["avatar_url"],
    });
  });
}

export async function getPreferences(db: Database, userId: string): Promise<Settings> {
  const [row] = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId));
  return {
    emailNotifications: row?.emailNotifications ?? true,
    themePreference: (row?.themePreference as Settings["themePreference"]) ?? "system",
    privacyLevel: (row?.privacyLevel as Settings["privacyLevel"]) ?? "public",
  };
}

/** Upsert on user_id: one row of preferences per account (docs/product.md#settings-tab). */
export async function savePreferences(
  db: Database,
  userId: string,
  settings: Settings,
): Promise<void> {
  await db
    .insert(userPreferences)
    .values({ userId, ...settings })
    .onConflictDoUpdate({ target: userPreferences.userId, set: settings });
}

export async function saveThemePreference(
  db: Database,
  userId: string,
  theme: Settings["themePreference"],
) {
  await db
    .insert(userPreferences)
    .values({ userId, themePreference: theme })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { themePreference: theme } });
}

/** Everything the site keeps about one account, for the "download my data" button. */
export async function exportAccountData(db: Database, userId: string) {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      twoFactorEnabled: users.twoFactorEnabled,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return null;
  const [profile, preferences, activity, role, messages, devices, newsletter, phone] =
    await Promise.all([
      getProfile(db, userId),
      getPreferences(db, userId),
      db
        .select()
        .from(userActivity)
        .where(eq(userActivity.userId, userId))
        .orderBy(desc(userActivity.createdAt)),
      db.select().from(userRoles).where(eq(userRoles.userId, userId)),
      listAccountMessages(db, user),
      db
        .select({
          createdAt: sessions.createdAt,
          updatedAt: sessions.updatedAt,
          ipAddress: sessions.ipAddress,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(eq(sessions.userId, userId)),
      exportAccountNewsletter(db, user),
      getPhoneFactor(db, userId),
    ]);
  return {
    exportedAt: new Date().toISOString(),
    account: user,
    role: role[0]?.role ?? "guest",
    profile,
    preferences,
    activity: activity.map((a) => ({
      type: a.activityType,
      data: a.activityData,
      createdAt: a.createdAt,
    })),
    messages,
    devices,
    // The address's newsletter subscription, its lists and each consent given (null: none).
    newsletter,
    // The phone for sign-in codes, its number in full: the export is the person's own copy.
    phone: phone && {
      name: phone.name,
      number: phone.phone,
      addedAt: phone.createdAt,
      verifiedAt: phone.verifiedAt,
      lastUsedAt: phone.lastUsedAt,
    },
  };
}

/** Whether the account still has its profile (it goes when the account is deleted). */
export async function profileExists(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId));
  return Boolean(row);
}
