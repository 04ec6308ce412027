import crypto from "node:crypto";
import { isNewsKind, kindLabel } from "~/news/index.server";

// The generic webhook's signature is the platform's, shared with the text-message webhook.
export { signature } from "~/platform/crypto/webhook-signature.server";

// What a hook is sent about a post (docs/api.md#announcement-webhooks): Discord's message (an
// embed with title, excerpt, cover and link, the role mention as content, a forum thread's title)
// and the generic webhook's signed JSON.

/** A post as announcements show it: every address absolute. */
export type AnnouncedPost = {
  id: string;
  title: string;
  excerpt: string;
  url: string;
  cover: string | null;
  publishedAt: string;
  /** The games it is about (docs/product.md#news-about-games); empty: the studio. */
  games: { id: string; slug: string; title: string; url: string }[];
  kind: string;
  version: string | null;
  tags: string[];
};

/** What a message says the post is: "Star Drift · Patch notes 1.2.0"; null for studio news. */
export function postLabel(post: Pick<AnnouncedPost, "games" | "kind" | "version">): string | null {
  const kind =
    isNewsKind(post.kind) && post.kind !== "news" ? kindLabel(post.kind, post.version) : null;
  const parts = [post.games.map((game) => game.title).join(", "), kind].filter(Boolean);
  return parts.length ? parts.join(" · ") : null;
}

export type GenericEvent = "post.published" | "post.updated" | "post.unpublished" | "ping";

/** The hash of what a message shows: a change of it is an edit. */
export function contentHash(post: AnnouncedPost): string {
  const shown = [
    post.title,
    post.excerpt,
    post.url,
    post.cover ?? "",
    post.publishedAt,
    post.games.map((game) => game.id),
    post.kind,
    post.version,
    post.tags,
  ];
  return crypto.createHash("sha256").update(JSON.stringify(shown)).digest("hex");
}

// Discord's limits: an embed's title 256 characters, its description 4096, a thread's name 100.
const clip = (value: string, max: number) =>
  value.length <= max ? value : `${value.slice(0, max - 1)}…`;

/** A colour "#rrggbb" as Discord's integer. */
export function colourNumber(hex: string): number {
  return /^#[0-9a-f]{6}$/i.test(hex) ? Number.parseInt(hex.slice(1), 16) : 0x5b3fd1;
}

export type DiscordOptions = { roleId: string | null; threadName: string | null; accent: string };

/** The body of Discord's execute (create, with a thread's title) or edit message call. */
export function discordMessage(post: AnnouncedPost, hook: DiscordOptions, create: boolean) {
  const label = postLabel(post);
  return {
    content: hook.roleId ? `<@&${hook.roleId}>` : "",
    // Only the chosen role is pinged; @everyone or a name in a title never is.
    allowed_mentions: hook.roleId ? { parse: [], roles: [hook.roleId] } : { parse: [] },
    embeds: [
      {
        title: clip(post.title, 256),
        description: clip(post.excerpt, 4096),
        url: post.url,
        color: colourNumber(hook.accent),
        timestamp: post.publishedAt,
        ...(label ? { author: { name: clip(label, 256) } } : {}),
        ...(post.cover ? { image: { url: post.cover } } : {}),
      },
    ],
    ...(create && hook.threadName ? { thread_name: clip(hook.threadName, 100) } : {}),
  };
}

/** A Discord test message: it says where it comes from and links the site. */
export function discordTest(site: { name: string; url: string }, hook: DiscordOptions) {
  return {
    content: "",
    allowed_mentions: { parse: [] },
    embeds: [
      {
        title: `Test from ${clip(site.name, 200)}`,
        description: "This hook works: posts will be announced here when they are published.",
        url: site.url,
        color: colourNumber(hook.accent),
      },
    ],
    ...(hook.threadName ? { thread_name: clip(hook.threadName, 100) } : {}),
  };
}

/** The generic webhook's JSON: the event and the post (of a deleted post, only its id). */
export function genericBody(event: GenericEvent, post: AnnouncedPost | null, id: string | null) {
  return JSON.stringify({
    event,
    post: post
      ? {
          id: post.id,
          title: post.title,
          url: post.url,
          excerpt: post.excerpt,
          cover: post.cover,
          publishedAt: post.publishedAt,
          games: post.games,
          kind: post.kind,
          version: post.version,
          tags: post.tags,
        }
      : id
        ? {
            id,
            title: null,
            url: null,
            excerpt: null,
            cover: null,
            publishedAt: null,
            games: [],
            kind: null,
            version: null,
            tags: [],
          }
        : null,
  });
}

/** A new signing secret, shown to the admin once. */
export function newSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString("base64url")}`;
}
