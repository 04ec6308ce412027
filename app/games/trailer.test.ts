import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "~/platform/server/security.server";
import { parseTrailer, TRAILER_FRAME_SOURCES, trailerFrameSources } from "./trailer";
import { autoplayUrl } from "./trailer-player";

const ID = "dQw4w9WgXcQ";

describe("parseTrailer", () => {
  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?v=${ID}&t=42s&list=PL123`,
    `https://m.youtube.com/watch?v=${ID}`,
    `http://www.youtube.com/watch?feature=share&v=${ID}`,
    `https://youtu.be/${ID}`,
    `https://youtu.be/${ID}?si=abc`,
    `https://www.youtube.com/embed/${ID}`,
    `https://www.youtube-nocookie.com/embed/${ID}`,
    `  https://youtu.be/${ID}  `,
  ])("reads the YouTube link %s", (link) => {
    expect(parseTrailer(link)).toEqual({
      provider: "youtube",
      id: ID,
      embedUrl: `https://www.youtube-nocookie.com/embed/${ID}`,
      watchUrl: `https://www.youtube.com/watch?v=${ID}`,
    });
  });

  it.each([
    "https://vimeo.com/76979871",
    "https://www.vimeo.com/76979871",
    "http://vimeo.com/76979871?share=copy",
    "https://player.vimeo.com/video/76979871",
  ])("reads the Vimeo link %s", (link) => {
    expect(parseTrailer(link)).toEqual({
      provider: "vimeo",
      id: "76979871",
      embedUrl: "https://player.vimeo.com/video/76979871",
      watchUrl: "https://vimeo.com/76979871",
    });
  });

  it("keeps an unlisted Vimeo video's key, which its player needs", () => {
    expect(parseTrailer("https://vimeo.com/76979871/abc123def4")).toMatchObject({
      embedUrl: "https://player.vimeo.com/video/76979871?h=abc123def4",
      watchUrl: "https://vimeo.com/76979871/abc123def4",
    });
    expect(parseTrailer("https://player.vimeo.com/video/76979871?h=abc123def4")?.embedUrl).toBe(
      "https://player.vimeo.com/video/76979871?h=abc123def4",
    );
  });

  it.each([
    "",
    "not a link",
    "javascript:alert(1)",
    `ftp://youtu.be/${ID}`,
    "https://www.youtube.com/watch",
    "https://www.youtube.com/watch?v=short",
    `https://www.youtube.com/watch?v=${ID}x`,
    "https://www.youtube.com/@lanternflygames",
    `https://www.youtube.com/embed/${ID}/extra`,
    `https://evil.example/watch?v=${ID}`,
    `https://youtube.com.evil.example/watch?v=${ID}`,
    `https://user:pw@www.youtube.com/watch?v=${ID}`,
    `https://www.youtube.com:8443/watch?v=${ID}`,
    `https://youtu.be/${ID}/more`,
    "https://vimeo.com/channels/staffpicks/76979871",
    "https://vimeo.com/about",
    "https://player.vimeo.com/76979871",
    "https://vimeo.example/76979871",
  ])("refuses %s", (link) => {
    expect(parseTrailer(link)).toBeNull();
  });

  it("asks the player to start at once only once the visitor pressed play", () => {
    expect(autoplayUrl(parseTrailer(`https://youtu.be/${ID}`)!)).toBe(
      `https://www.youtube-nocookie.com/embed/${ID}?autoplay=1`,
    );
    expect(autoplayUrl(parseTrailer("https://vimeo.com/76979871/abc123def4")!)).toBe(
      "https://player.vimeo.com/video/76979871?h=abc123def4&autoplay=1",
    );
  });
});

describe("the game page's frame sources", () => {
  const frameSrc = (path: string) =>
    contentSecurityPolicy("n", { frameSources: trailerFrameSources(path) })
      .split("; ")
      .filter((directive) => directive.startsWith("frame-src"));

  it("a game page may frame exactly the two players", () => {
    for (const path of ["/games/lantern-keeper", "/games/0b4e7f3a-1c2d-4e5f-8a9b-0c1d2e3f4a5b"]) {
      expect(frameSrc(path)).toEqual([
        "frame-src https://www.youtube-nocookie.com https://player.vimeo.com",
      ]);
    }
    expect(TRAILER_FRAME_SOURCES).toHaveLength(2);
  });

  it("every other page keeps the policy it had: frames from this site only (default-src)", () => {
    for (const path of ["/games", "/", "/news/lantern-keeper", "/games/x/played", "/gamesx/y"]) {
      expect(frameSrc(path), path).toEqual([]);
      expect(contentSecurityPolicy("n", { frameSources: trailerFrameSources(path) })).toBe(
        contentSecurityPolicy("n"),
      );
    }
  });
});
