import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  type AnnouncedPost,
  colourNumber,
  contentHash,
  discordMessage,
  genericBody,
  newSecret,
  signature,
} from "./payloads.server";

const post: AnnouncedPost = {
  id: "7b0c5f0e-1111-4222-8333-444455556666",
  title: "Lantern Deep is out @everyone",
  excerpt: "The first lines.",
  url: "https://studio.example/news/lantern-deep",
  cover: "https://studio.example/media/abc/1200.webp",
  publishedAt: "2026-11-27T09:00:00.000Z",
  games: [],
  kind: "news",
  version: null,
  tags: [],
};

describe("announcement payloads", () => {
  it("signs `<timestamp>.<body>` with HMAC-SHA256, as the header says", () => {
    const body = genericBody("post.published", post, post.id);
    const header = signature("whsec_test", 1_700_000_000, body);
    const expected = crypto
      .createHmac("sha256", "whsec_test")
      .update(`1700000000.${body}`)
      .digest("hex");
    expect(header).toBe(`t=1700000000,v1=${expected}`);
    expect(signature("whsec_other", 1_700_000_000, body)).not.toBe(header);
    expect(signature("whsec_test", 1_700_000_001, body)).not.toBe(header);
  });

  it("sends the generic event with the post's fields, and only the id of a deleted post", () => {
    expect(JSON.parse(genericBody("post.updated", post, post.id))).toEqual({
      event: "post.updated",
      post: {
        id: post.id,
        title: post.title,
        url: post.url,
        excerpt: post.excerpt,
        cover: post.cover,
        publishedAt: post.publishedAt,
        games: [],
        kind: "news",
        version: null,
        tags: [],
      },
    });
    expect(JSON.parse(genericBody("post.unpublished", null, post.id)).post).toEqual({
      id: post.id,
      title: null,
      url: null,
      excerpt: null,
      cover: null,
      publishedAt: null,
      games: [],
      kind: null,
      version: null,
      tags: [],
    });
    expect(JSON.parse(genericBody("ping", null, null))).toEqual({ event: "ping", post: null });
  });

  it("names the games, kind, version and tags of a post about a game, in the webhook and on Discord", () => {
    const patch: AnnouncedPost = {
      ...post,
      games: [
        {
          id: "0b7e1a52-5c1d-4e8f-9a40-3d2c1b0a9f87",
          slug: "star-drift",
          title: "Star Drift",
          url: "https://studio.example/games/star-drift",
        },
      ],
      kind: "patch-notes",
      version: "1.2.0",
      tags: ["balance", "co-op"],
    };
    const body = JSON.parse(genericBody("post.published", patch, patch.id)).post;
    expect(body.games).toEqual(patch.games);
    expect([body.kind, body.version, body.tags]).toEqual([
      "patch-notes",
      "1.2.0",
      ["balance", "co-op"],
    ]);
    const embed = discordMessage(patch, { roleId: null, threadName: null, accent: "#0b5a3c" }, true)
      .embeds[0]!;
    expect(embed.author).toEqual({ name: "Star Drift · Patch notes 1.2.0" });
    // Studio news has no such line; a change of version is an edit of the message.
    expect(
      discordMessage(post, { roleId: null, threadName: null, accent: "#0b5a3c" }, true).embeds[0],
    ).not.toHaveProperty("author");
    expect(contentHash({ ...patch, version: "1.2.1" })).not.toBe(contentHash(patch));
  });

  it("makes Discord's embed, mentions only the chosen role, and names a forum thread on create", () => {
    const created = discordMessage(
      post,
      { roleId: "112233445566778899", threadName: "News", accent: "#0b5a3c" },
      true,
    );
    expect(created).toEqual({
      content: "<@&112233445566778899>",
      allowed_mentions: { parse: [], roles: ["112233445566778899"] },
      embeds: [
        {
          title: post.title,
          description: post.excerpt,
          url: post.url,
          color: 0x0b5a3c,
          timestamp: post.publishedAt,
          image: { url: post.cover },
        },
      ],
      thread_name: "News",
    });
    const edited = discordMessage(
      { ...post, cover: null },
      { roleId: null, threadName: "News", accent: "" },
      false,
    );
    expect(edited).not.toHaveProperty("thread_name");
    expect(edited.allowed_mentions).toEqual({ parse: [] });
    expect(edited.content).toBe("");
    expect(edited.embeds[0]).not.toHaveProperty("image");
    expect(edited.embeds[0]!.color).toBe(colourNumber(""));
    const long = discordMessage(
      { ...post, title: "t".repeat(300) },
      { roleId: null, threadName: null, accent: "" },
      true,
    );
    expect(long.embeds[0]!.title).toHaveLength(256);
  });

  it("hashes what a message shows: a change of any shown field is an edit", () => {
    const hash = contentHash(post);
    expect(contentHash({ ...post })).toBe(hash);
    for (const change of [
      { title: "x" },
      { excerpt: "x" },
      { cover: null },
      { url: "https://a.example/" },
    ])
      expect(contentHash({ ...post, ...change })).not.toBe(hash);
  });

  it("makes a fresh secret each time", () => {
    expect(newSecret()).toMatch(/^whsec_[\w-]{43}$/);
    expect(newSecret()).not.toBe(newSecret());
  });
});
