import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { isUuid } from "~/db/ids";
import { games, pressKeyRequests } from "~/db/schema";
import { recordStaffAction } from "~/platform/audit/audit.server";
import { AppError } from "~/platform/errors/app-error";
import {
  handleSubmission,
  submissionOf,
  unreadableReply,
} from "~/platform/forms/submission.server";
import { quotedWords } from "~/platform/forms/text-rules";
import { addressKey } from "~/platform/limits/rate-limit.server";
import type { Mailer, MailIdentity } from "~/platform/mail/mailer.server";
import { type AppContext, requestContext, runtimeContext } from "~/platform/server/context.server";
import { domainsMatch } from "./domain-match";
import { KEY_REQUEST_HONEYPOT } from "./key-request-limits";
import { mailKeyRequest } from "./key-request-mail.server";
import { KeyRequestSchema } from "./key-request-schema";

// Key requests (docs/product.md#key-desk): posted from a game's press page to
// POST /press/:slug/key-request, within the contact form's per-address limits, mailed to the studio
// with a receipt to the requester, and listed for staff with a flag when the sender's address is not
// at the outlet's domain.

export const KEY_REQUEST_UNAVAILABLE = "An unexpected error occurred. Please try again.";

function tooMany(retryAfterSeconds: number) {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new AppError(
    "too_many",
    `Too many requests from your address. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  );
}

/** The resource route's action: a form reply, never a page. */
export async function answerKeyRequestForm(request: Request, context: AppContext, slug: string) {
  const { db, limits, logger, mailer, env } = context.get(runtimeContext);
  const { clientIp } = context.get(requestContext);
  const form = await request.formData().catch(() => null);
  if (!form) return unreadableReply();
  const submission = submissionOf(form, KeyRequestSchema);
  return handleSubmission(
    submission,
    async (input) => {
      const [game] = await db
        .select({ id: games.id, title: games.title, platforms: games.platforms })
        .from(games)
        .where(eq(games.slug, slug));
      if (!game) throw new AppError("not_found", "This game takes no key requests.");
      if (game.platforms.length > 0 && !game.platforms.includes(input.platform))
        throw new AppError("invalid", "Choose one of the game's platforms.", { field: "platform" });
      const accepted = await limits.contactMessages.consume(addressKey(clientIp));
      if (!accepted.allowed) throw tooMany(accepted.retryAfterSeconds);
      await db.insert(pressKeyRequests).values({ ...input, gameId: game.id });
      // Stored: the studio and the requester are told before the answer (the receipt is part of
      // it), but a failed mail never fails the request, which staff see on the desk anyway.
      await mailKeyRequest({ db, mailer, limits, siteUrl: env.SITE_URL }, input, game).catch(
        (error) => logger.warn({ err: error }, "key request mails failed"),
      );
    },
    {
      before: async () => {
        const attempt = await limits.contactSubmissions.consume(addressKey(clientIp));
        if (!attempt.allowed) throw tooMany(attempt.retryAfterSeconds);
        const trap = submission.payload[KEY_REQUEST_HONEYPOT];
        if (typeof trap === "string" && trap.trim() !== "")
          throw new AppError("invalid", "Your request looks automated and was not sent.");
      },
      unexpected: {
        message: KEY_REQUEST_UNAVAILABLE,
        report: (error) => logger.error({ err: error }, "key request not stored"),
      },
    },
  );
}

export type KeyRequestEntry = {
  id: string;
  game: string;
  gameId: string;
  name: string;
  outlet: string;
  outletUrl: string;
  audience: string;
  platform: string;
  message: string;
  email: string;
  status: string;
  date: string;
  /** The sender's address is not at the outlet's domain. */
  flagged: boolean;
};

/** Newest first; the most recent 200 (the desk's list). */
export async function listKeyRequests(db: Database): Promise<KeyRequestEntry[]> {
  const rows = await db
    .select({ request: pressKeyRequests, game: games.title })
    .from(pressKeyRequests)
    .innerJoin(games, eq(games.id, pressKeyRequests.gameId))
    .orderBy(desc(pressKeyRequests.createdAt), desc(pressKeyRequests.id))
    .limit(200);
  return rows.map(({ request: r, game }) => ({
    id: r.id,
    game,
    gameId: r.gameId,
    name: r.name,
    outlet: r.outlet,
    outletUrl: r.outletUrl,
    audience: r.audience,
    platform: r.platform,
    message: r.message,
    email: r.email,
    status: r.status,
    date: r.createdAt.toISOString(),
    flagged: !domainsMatch(r.email, r.outletUrl),
  }));
}

/** Declines a pending request with a mail, once. */
export async function declineKeyRequest(
  db: Database,
  actor: { id: string; email: string },
  requestId: string,
  options: { mailer: Mailer; sender: MailIdentity },
): Promise<void> {
  if (!isUuid(requestId)) throw new AppError("not_found", "That request no longer exists.");
  await db.transaction(async (tx) => {
    const [request] = await tx
      .update(pressKeyRequests)
      .set({ status: "declined", decidedAt: sql`now()` })
      .where(and(eq(pressKeyRequests.id, requestId), eq(pressKeyRequests.status, "pending")))
      .returning();
    if (!request) throw new AppError("conflict", "That request has already been answered.");
    const [game] = await tx
      .select({ title: games.title })
      .from(games)
      .where(eq(games.id, request.gameId));
    await options.mailer.send({
      to: request.email,
      sender: options.sender,
      replyTo: options.sender.pressAddress,
      subject: `Your key request for ${game?.title ?? "our game"}`,
      // What the requester typed is quoted as their words (docs/product.md#key-desk).
      text: [
        `Hello ${quotedWords(request.name)},`,
        "",
        `Thank you for asking for a ${quotedWords(request.platform)} key of ${game?.title ?? "our game"} for ${quotedWords(request.outlet)}. We cannot send one this time.`,
        "",
        `— ${options.sender.studioName}`,
      ].join("\n"),
    });
    await recordStaffAction(tx, {
      actor,
      action: "press_key_requests.decline",
      subjectType: "press_key_request",
      subjectId: request.id,
    });
  });
}
