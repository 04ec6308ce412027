import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { siteSettings } from "~/db/schema";
import { getMedia, type MediaEntry } from "~/media/index.server";
import { recordStaffAction } from "~/platform/audit/audit.server";
import { AppError } from "~/platform/errors/app-error";
import { siteHost } from "~/platform/mail/mailer.server";
import type { Storage } from "~/platform/storage/storage.server";
import type { NavEntry } from "./navigation";
import { DEFAULT_SETTINGS } from "./settings-defaults";
import { type SettingsInput, SettingsSchema, type SiteSettings } from "./settings-schema";
import { deriveSiteIcons } from "./site-icons.server";

// The site settings' one row: read on every request (no copy kept between requests, so a save
// shows at once on every process), written by the settings tab, the import and the demo seed.

type Actor = { id: string; email: string } | null;

/**
 * The stored values over the defaults, parsed with the form's schema. A field the schema no longer
 * takes (written by an older version, or by hand) reads as its default; the rest stay.
 */
export function settingsFrom(stored: Record<string, unknown> | undefined): SiteSettings {
  const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS, ...(stored ?? {}) };
  for (let attempt = 0; attempt < 3; attempt++) {
    const parsed = SettingsSchema.safeParse(merged);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "");
      if (key in DEFAULT_SETTINGS) merged[key] = DEFAULT_SETTINGS[key as keyof SiteSettings];
    }
  }
  return DEFAULT_SETTINGS;
}

/** The saved settings, or a fresh install's. */
export async function readSettings(db: Database): Promise<SiteSettings & { saved: boolean }> {
  // The values only: Home's kept HTML is read by Home alone (home-sections.server.ts).
  const [row] = await db.select({ values: siteSettings.values }).from(siteSettings).limit(1);
  return { ...settingsFrom(row?.values), saved: Boolean(row) };
}

/** Whether anything has been saved yet (the owner's checklist asks). */
export async function settingsSaved(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: siteSettings.id }).from(siteSettings).limit(1);
  return Boolean(row);
}

/** Writes the one row (insert or replace), in the caller's transaction. */
async function writeRow(db: Database, values: SiteSettings, actor: Actor) {
  const row = { id: 1, values: { ...values }, updatedBy: actor?.id ?? null, updatedAt: new Date() };
  await db
    .insert(siteSettings)
    .values(row)
    .onConflictDoUpdate({
      target: siteSettings.id,
      set: { values: row.values, updatedBy: row.updatedBy, updatedAt: sql`now()` },
    });
}

/** The fields whose values differ, for the audit log. */
function changedFields(before: SiteSettings, after: SiteSettings): string[] {
  return (Object.keys(after) as (keyof SiteSettings)[]).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
}

/** The logo's upload, or a refusal on the logo field when it is no upload's. */
async function logoEntry(db: Database, id: string): Promise<MediaEntry | null> {
  if (!id) return null;
  const entry = await getMedia(db, id);
  if (!entry) throw new AppError("invalid", "Upload the logo again", { field: "logo" });
  return entry;
}

/**
 * Saves the settings (already parsed by the schema): the logo's icons are made first (from the
 * upload, see site-icons.server.ts), then the row and its audit line in one transaction. Without a
 * navigation (the settings form has none) the saved one stays.
 */
export async function saveSettings(
  runtime: { db: Database; storage: Storage },
  values: Omit<SiteSettings, "navigation"> & { navigation?: NavEntry[] },
  actor: Actor,
  action = "settings.update",
): Promise<SiteSettings> {
  const { db } = runtime;
  const logo = await logoEntry(db, values.logo);
  if (logo) await deriveSiteIcons(runtime, logo);
  const { saved: _saved, ...before } = await readSettings(db);
  const input: SiteSettings = { ...values, navigation: values.navigation ?? before.navigation };
  await db.transaction(async (tx) => {
    await writeRow(tx, input, actor);
    await recordStaffAction(tx, {
      actor,
      action,
      subjectType: "site_settings",
      subjectId: "1",
      details: { fields: changedFields(before, input) },
    });
  });
  return input;
}

/**
 * Saves the header's and the footer's links (already parsed by the schema), the rest of the
 * settings as they are; its own line in the staff audit log.
 */
export async function saveNavigation(
  db: Database,
  navigation: NavEntry[],
  actor: Actor,
): Promise<NavEntry[]> {
  const { saved: _saved, ...before } = await readSettings(db);
  await db.transaction(async (tx) => {
    await writeRow(tx, { ...before, navigation }, actor);
    await recordStaffAction(tx, {
      actor,
      action: "settings.navigation",
      subjectType: "site_settings",
      subjectId: "1",
      details: { entries: navigation.length },
    });
  });
  return navigation;
}

/** Demo seeding: the given settings, unless the studio has saved its own. */
export async function seedSettings(db: Database, input: SettingsInput): Promise<boolean> {
  if (await settingsSaved(db)) return false;
  await writeRow(db, SettingsSchema.parse(input), null);
  return true;
}

/** What a mail says about its sender, read for each mail (docs/product.md#site-settings). */
export async function mailIdentity(db: Database, siteUrl: string) {
  const settings = await readSettings(db);
  return {
    studioName: settings.name,
    fromName: settings.senderName || settings.name,
    fromAddress: settings.senderAddress || `no-reply@${siteHost(siteUrl)}`,
    pressAddress: settings.emailPress || settings.emailGeneral || undefined,
  };
}

/** The studio's time zone: the saved one, else the server's STUDIO_TIME_ZONE. */
export async function studioTimeZone(db: Database, fallback: string): Promise<string> {
  return (await readSettings(db)).timeZone || fallback;
}
