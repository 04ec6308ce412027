import { and, desc, eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { isUuid } from "~/db/ids";
import { games, pressCoverage, pressKeyRequests } from "~/db/schema";
import { AppError } from "~/platform/errors/app-error";
import { isWebUrl } from "~/platform/forms/text-rules";
import { z } from "~/platform/forms/zod";
import { COVERAGE_KINDS } from "./coverage-kinds";

// The coverage log (docs/product.md#key-desk): what the press published, per game, linked to the
// key request that led to it; a quote marked "show on kit" appears on the game's press page.

export const CoverageSchema = z.object({
  gameId: z.string().uuid("Choose a game"),
  requestId: z
    .string()
    .optional()
    .transform((v) => (v ? v : null)),
  // Printed as a link on the desk: http(s) only (`z.url()` takes any scheme, `data:` too).
  url: z.string().trim().max(500).refine(isWebUrl, "URL must be a web address"),
  outlet: z.string().trim().min(1, "Outlet is required").max(120),
  kind: z.enum(COVERAGE_KINDS, { error: "Choose a type" }),
  publishedOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Date is required"),
  score: z
    .string()
    .trim()
    .max(40)
    .optional()
    .transform((v) => v || null),
  quote: z
    .string()
    .trim()
    .max(600)
    .optional()
    .transform((v) => v || null),
  showOnKit: z
    .string()
    .optional()
    .transform((v) => v === "on" || v === "true"),
});

export type CoverageInput = z.output<typeof CoverageSchema>;

export async function addCoverage(db: Database, input: CoverageInput): Promise<void> {
  const [game] = await db.select({ id: games.id }).from(games).where(eq(games.id, input.gameId));
  if (!game) throw new AppError("not_found", "That game no longer exists.");
  if (input.requestId) {
    if (!isUuid(input.requestId)) throw new AppError("invalid", "That request does not exist.");
    const [request] = await db
      .select({ id: pressKeyRequests.id })
      .from(pressKeyRequests)
      .where(and(eq(pressKeyRequests.id, input.requestId), eq(pressKeyRequests.gameId, game.id)));
    if (!request)
      throw new AppError("invalid", "That request is not for this game.", { field: "requestId" });
  }
  if (input.showOnKit && !input.quote)
    throw new AppError("invalid", "Only a quote can be shown on the kit.", { field: "quote" });
  await db.insert(pressCoverage).values(input);
}

export async function setShowOnKit(db: Database, id: string, show: boolean): Promise<void> {
  if (!isUuid(id)) throw new AppError("not_found", "That coverage no longer exists.");
  const [row] = await db.select().from(pressCoverage).where(eq(pressCoverage.id, id));
  if (!row) throw new AppError("not_found", "That coverage no longer exists.");
  if (show && !row.quote) throw new AppError("invalid", "Only a quote can be shown on the kit.");
  await db.update(pressCoverage).set({ showOnKit: show }).where(eq(pressCoverage.id, id));
}

export async function listCoverage(db: Database) {
  const rows = await db
    .select({ coverage: pressCoverage, game: games.title })
    .from(pressCoverage)
    .innerJoin(games, eq(games.id, pressCoverage.gameId))
    .orderBy(desc(pressCoverage.publishedOn), desc(pressCoverage.createdAt))
    .limit(200);
  return rows.map(({ coverage, game }) => ({
    ...coverage,
    game,
    createdAt: coverage.createdAt.toISOString(),
  }));
}

export type KitQuote = {
  quote: string;
  outlet: string;
  url: string;
  score: string | null;
  publishedOn: string;
};

/** The quotes a game's press page shows, newest first. */
export async function kitQuotes(db: Database, gameId: string): Promise<KitQuote[]> {
  if (!isUuid(gameId)) return [];
  const rows = await db
    .select()
    .from(pressCoverage)
    .where(and(eq(pressCoverage.gameId, gameId), eq(pressCoverage.showOnKit, true)))
    .orderBy(desc(pressCoverage.publishedOn));
  return rows
    .filter((r) => r.quote)
    .map((r) => ({
      quote: r.quote!,
      outlet: r.outlet,
      url: r.url,
      score: r.score,
      publishedOn: r.publishedOn,
    }));
}
