import { asc, desc } from "drizzle-orm";
import { data } from "react-router";
import { games, pressKeys } from "~/db/schema";
import { zonedTimeToInstant } from "~/platform/dates/zoned-time";
import { AppError } from "~/platform/errors/app-error";
import { readForm } from "~/platform/forms/read-form.server";
import { z } from "~/platform/forms/zod";
import { type AppContext, runtimeContext } from "~/platform/server/context.server";
import { can, type Role } from "~/roles";
import { mailIdentity, studioTimeZone } from "~/settings/index.server";
import { addCoverage, CoverageSchema, listCoverage, setShowOnKit } from "./coverage.server";
import { keySealer } from "./key-crypto.server";
import { declineKeyRequest, listKeyRequests } from "./key-requests.server";
import { importKeys, revokeKey, sendKey } from "./keys.server";

// The key desk at /admin/keys (docs/product.md#key-desk): what it shows and what its forms do.
// Moderators read the requests (canReadKeyRequests); everything else needs canManagePress, refused
// here on the server whatever the page showed.

export type DeskUser = { id: string; email: string; role: Role };
export type DeskReply = { ok: boolean; message: string };

export async function loadKeyDesk(context: AppContext, user: DeskUser) {
  const { db } = context.get(runtimeContext);
  const manage = can(user.role, "canManagePress");
  const requests = await listKeyRequests(db);
  if (!manage) return { manage, requests, games: [], keys: [], coverage: [] };
  const [gameRows, keyRows, coverage] = await Promise.all([
    db
      .select({ id: games.id, title: games.title, platforms: games.platforms })
      .from(games)
      .orderBy(asc(games.displayOrder)),
    db
      .select({
        id: pressKeys.id,
        gameId: pressKeys.gameId,
        platform: pressKeys.platform,
        state: pressKeys.state,
        sentTo: pressKeys.sentTo,
        sentAt: pressKeys.sentAt,
        embargoUntil: pressKeys.embargoUntil,
      })
      .from(pressKeys)
      .orderBy(desc(pressKeys.createdAt))
      .limit(300),
    listCoverage(db),
  ]);
  return {
    manage,
    requests,
    games: gameRows,
    keys: keyRows.map((k) => ({
      ...k,
      sentAt: k.sentAt?.toISOString() ?? null,
      embargoUntil: k.embargoUntil?.toISOString() ?? null,
    })),
    coverage,
  };
}

const Intent = z.enum(["import", "send", "decline", "revoke", "coverage", "kit"]);

const ImportSchema = z.object({
  gameId: z.string().min(1, "Choose a game"),
  platform: z.string().trim().min(1, "Choose a platform"),
  keys: z.string().default(""),
  embargo: z.string().optional(),
});

function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** An embargo typed as a local time in the studio's zone (datetime-local), or none. */
function embargoFrom(value: string | undefined, timeZone: string): Date | null {
  if (!value) return null;
  const instant = zonedTimeToInstant(value, timeZone);
  if (!instant)
    throw new AppError("invalid", "The embargo must be a date and time.", { field: "embargo" });
  return instant;
}

export async function runKeyDeskAction(request: Request, context: AppContext, user: DeskUser) {
  const runtime = context.get(runtimeContext);
  const { db, env, mailer } = runtime;
  const form = await readForm(request);
  try {
    if (!can(user.role, "canManagePress"))
      throw new AppError("forbidden", "Only admins and above can act on the key desk.");
    const intent = Intent.safeParse(field(form, "intent"));
    if (!intent.success)
      throw new AppError("invalid", "This form was not recognised. Reload the page and try again.");
    const actor = { id: user.id, email: user.email };
    const sealer = keySealer(env);
    const timeZone = await studioTimeZone(db, env.STUDIO_TIME_ZONE);
    switch (intent.data) {
      case "import": {
        const parsed = ImportSchema.safeParse(Object.fromEntries(form));
        if (!parsed.success) throw new AppError("invalid", parsed.error.issues[0]!.message);
        const { added, skipped } = await importKeys(db, sealer, actor, {
          gameId: parsed.data.gameId,
          platform: parsed.data.platform,
          text: parsed.data.keys,
          embargoUntil: embargoFrom(parsed.data.embargo, timeZone),
        });
        return reply(
          true,
          `${added} key${added === 1 ? "" : "s"} imported${skipped ? `, ${skipped} already stored` : ""}.`,
        );
      }
      case "send": {
        const sender = await mailIdentity(db, env.SITE_URL);
        await sendKey(db, sealer, actor, field(form, "requestId"), { mailer, sender, timeZone });
        return reply(true, "Key sent.");
      }
      case "decline": {
        const sender = await mailIdentity(db, env.SITE_URL);
        await declineKeyRequest(db, actor, field(form, "requestId"), { mailer, sender });
        return reply(true, "Request declined.");
      }
      case "revoke":
        await revokeKey(db, actor, field(form, "keyId"));
        return reply(true, "Key revoked.");
      case "coverage": {
        const parsed = CoverageSchema.safeParse(Object.fromEntries(form));
        if (!parsed.success) throw new AppError("invalid", parsed.error.issues[0]!.message);
        await addCoverage(db, parsed.data);
        return reply(true, "Coverage logged.");
      }
      case "kit":
        await setShowOnKit(db, field(form, "coverageId"), field(form, "show") === "true");
        return reply(true, "Coverage updated.");
    }
  } catch (error) {
    if (error instanceof AppError) return reply(false, error.message, error.status);
    runtime.logger.error({ err: error }, "key desk action failed");
    return reply(false, "The server could not carry out the change.", 503);
  }
}

function reply(ok: boolean, message: string, status = 200) {
  return data<DeskReply>({ ok, message }, { status });
}
