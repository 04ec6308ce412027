import { sql } from "drizzle-orm";
import { data } from "react-router";
import { getSessionUser } from "~/accounts/index.server";
import type { Database } from "~/db/database.server";
import { pressKits } from "~/db/schema";
import { isListedAt } from "~/games";
import { type AppContext, runtimeContext } from "~/platform/server/context.server";
import { requestTime } from "~/platform/server/faults.server";
import { can } from "~/roles";
import { mailIdentity, studioTimeZone } from "~/settings/index.server";
import type { EmbargoNotice } from "./kit-embargo-notice";
import { type Kit, kitIsPublic, kitOpens, readKit } from "./press.server";
import type { KitLogo } from "./press-reads.server";

// Who may open a kit now (docs/product.md#press-kit): anyone when it is listed and past its
// embargo; before that, staff who manage press and whoever holds a signed link that has not expired.
// Everyone else gets the 404 page (the kit does not exist for them yet), except on a listed kit's
// page under embargo: that says until when, in the studio's zone, and whom to ask for access.

async function canManagePress(request: Request, context: AppContext): Promise<boolean> {
  const user = await getSessionUser(request, context);
  return Boolean(user && can(user.role, "canManagePress"));
}

/**
 * The kit of a game (null: the studio's) when this request may open it, with the signed link's
 * query to carry to its downloads; otherwise a thrown 404, or for a page (`page`) of a listed kit
 * under embargo a thrown 403 with an `EmbargoNotice`.
 */
export async function requireOpenKit(
  request: Request,
  context: AppContext,
  gameId: string | null,
  options: { page?: boolean; kit?: Kit } = {},
): Promise<{ kit: Kit; query: string }> {
  const runtime = context.get(runtimeContext);
  // A page that has read the kit already (the kit's page) passes it rather than have it read again.
  const kit = options.kit ?? (await readKit(runtime.db, gameId));
  const now = requestTime(request, context);
  if (kitIsPublic(kit, now)) return { kit, query: "" };
  const url = new URL(request.url);
  const opens = kitOpens(kit, {
    query: url.searchParams,
    canManagePress: await canManagePress(request, context),
    secret: runtime.env.AUTH_SECRET,
    now,
  });
  if (!opens) {
    // A secret game's kit says nothing, not even that it exists.
    const gameShown = !kit.game || isListedAt(kit.game, now.getTime());
    if (options.page && gameShown && kit.listed && kit.embargoUntil && kit.embargoUntil > now) {
      const { pressAddress } = await mailIdentity(runtime.db, runtime.env.SITE_URL);
      const notice: EmbargoNotice = {
        embargo: {
          until: kit.embargoUntil.toISOString(),
          timeZone: await studioTimeZone(runtime.db, runtime.env.STUDIO_TIME_ZONE),
          pressEmail: pressAddress ?? "",
        },
      };
      throw data(notice, { status: 403 });
    }
    throw data(null, { status: 404 });
  }
  const signed = url.searchParams.get("signature")
    ? `?expires=${encodeURIComponent(url.searchParams.get("expires") ?? "")}&signature=${encodeURIComponent(url.searchParams.get("signature") ?? "")}`
    : "";
  return { kit, query: signed };
}

/** The kits that show an upload among their own logos. */
async function kitsShowingLogo(db: Database, mediaId: string): Promise<Kit[]> {
  const rows = await db
    .select({ gameId: pressKits.gameId })
    .from(pressKits)
    .where(sql`${pressKits.data}->'logos' @> ${JSON.stringify([{ image: mediaId }])}::jsonb`);
  return Promise.all(rows.map((row) => readKit(db, row.gameId)));
}

/**
 * Who may fetch an upload's files (/media/<id>/…): everyone, unless the upload is a logo of kits
 * none of which is public yet; then whoever may open one of those kits (staff who manage press, a
 * valid signed link's query), and the answer is kept by no cache. "refused" is the 404 page.
 */
export async function mediaAccess(
  request: Request,
  context: AppContext,
  mediaId: string,
): Promise<"public" | "private" | "refused"> {
  const runtime = context.get(runtimeContext);
  const kits = await kitsShowingLogo(runtime.db, mediaId);
  const now = requestTime(request, context);
  if (kits.length === 0 || kits.some((kit) => kitIsPublic(kit, now))) return "public";
  const reader = {
    query: new URL(request.url).searchParams,
    canManagePress: await canManagePress(request, context),
    secret: runtime.env.AUTH_SECRET,
    now,
  };
  return kits.some((kit) => kitOpens(kit, reader)) ? "private" : "refused";
}

/**
 * A kit's logos for a page opened through a signed link: each file's URL carries the link's query,
 * so the logos of a kit not yet public load for its reader (see mediaAccess).
 */
export function logosWithQuery(logos: KitLogo[], query: string): KitLogo[] {
  if (!query) return logos;
  return logos.map((logo) => ({ ...logo, image: { ...logo.image, query } }));
}
