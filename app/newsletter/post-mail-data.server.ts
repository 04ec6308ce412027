import { eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { games, subscriberLists } from "~/db/schema";
import { imageSrc, mediaImages } from "~/media/index.server";
import { getNews, newsHtmlOf } from "~/news/index.server";
import { AppError } from "~/platform/errors/app-error";
import type { Mailer } from "~/platform/mail/mailer.server";
import { siteIcons } from "~/settings";
import { readSettings } from "~/settings/index.server";
import type { NewsletterKeys } from "./newsletter.server";
import {
  DEFAULT_ACCENT,
  deliveryMessageId,
  type MailList,
  type PreparedPost,
  postMail,
  preparePost,
} from "./post-mail.server";
import { gameListName, studioListName } from "./subscribe-limits";

// A post's mail with what it needs from the database: the post rendered by the site's renderer,
// the studio's identity from the settings, the lists' names; and staff's preview and test.

/** The studio as a mail shows it, from the saved settings. */
export async function mailStudio(db: Database, siteUrl: string) {
  const settings = await readSettings(db);
  const logo = siteIcons(settings.logo).logo;
  return {
    name: settings.name,
    logoUrl: logo ? `${siteUrl}${logo}` : null,
    accent: settings.accentColor || DEFAULT_ACCENT,
    postalAddress: settings.postalAddress,
  };
}

/** A post made into its mail's shared parts; null when it no longer exists. */
export async function preparePostMail(
  db: Database,
  siteUrl: string,
  newsId: string,
): Promise<{ prepared: PreparedPost; public: boolean } | null> {
  const post = await getNews(db, newsId);
  if (!post) return null;
  const [articleHtml, studio, covers] = await Promise.all([
    newsHtmlOf(db, [post.id], siteUrl).then(([html]) => html ?? ""),
    mailStudio(db, siteUrl),
    post.coverImage ? mediaImages(db, [post.coverImage]) : null,
  ]);
  const cover = post.coverImage ? covers?.get(post.coverImage) : undefined;
  return {
    prepared: preparePost({
      post: {
        title: post.title,
        slug: post.slug,
        coverSrc: cover && imageSrc(cover),
        coverAlt: post.coverAlt,
      },
      articleHtml,
      studio,
      siteUrl,
    }),
    public: post.state === "published",
  };
}

/** The name a list has in a mail's footer, and the slug of its List-Id. */
export async function mailLists(db: Database, studioName: string): Promise<Map<string, MailList>> {
  const rows = await db
    .select({ id: subscriberLists.id, title: games.title, slug: games.slug })
    .from(subscriberLists)
    .leftJoin(games, eq(games.id, subscriberLists.gameId));
  return new Map(
    rows.map((row) => [
      row.id,
      row.slug
        ? { slug: row.slug, name: gameListName(row.title ?? row.slug) }
        : { slug: "studio", name: studioListName(studioName) },
    ]),
  );
}

/** A staff member's test of a post's mail: to them only, "[Test]" in the subject. */
export async function sendTestMail(
  deps: { db: Database; mailer: Mailer; keys: NewsletterKeys },
  newsId: string,
  to: string,
): Promise<void> {
  const post = await preparePostMail(deps.db, deps.keys.siteUrl, newsId);
  if (!post) throw new AppError("not_found", "This news item no longer exists.");
  await deps.mailer.send({
    to,
    ...postMail(post.prepared, {
      subscriberId: TEST_SUBSCRIBER,
      list: { slug: "studio", name: `${post.prepared.studio.name} news` },
      messageId: deliveryMessageId(`test.${newsId}.${Date.now()}`, deps.keys.siteUrl),
      keys: deps.keys,
      test: true,
    }),
  });
}

/** The mail's HTML as a subscriber would see it, for staff's preview; null when the post is gone. */
export async function previewMail(
  deps: { db: Database; keys: NewsletterKeys },
  newsId: string,
): Promise<string | null> {
  const post = await preparePostMail(deps.db, deps.keys.siteUrl, newsId);
  if (!post) return null;
  return postMail(post.prepared, {
    subscriberId: TEST_SUBSCRIBER,
    list: { slug: "studio", name: `${post.prepared.studio.name} news` },
    messageId: "<preview@localhost>",
    keys: deps.keys,
    test: true,
  }).html!;
}

/** A subscriber id no one has: a test mail's links are well formed and change nothing. */
const TEST_SUBSCRIBER = "00000000-0000-4000-8000-000000000000";
