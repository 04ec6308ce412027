import { describe, expect, it } from "vitest";
import { kitDataOf } from "./kit-schema";
import { kitTrailers } from "./kit-trailers";

describe("kitTrailers", () => {
  it("lists the game's trailer, then the kit's, each video once and named", () => {
    const kit = kitDataOf({
      trailers: [
        { name: "Launch", youtube: "dQw4w9WgXcQ" },
        { name: "", vimeo: "76979871" },
        { name: "Again", youtube: "aBcDeFgHiJk" },
      ],
    });
    const trailers = kitTrailers({ trailerUrl: "https://youtu.be/aBcDeFgHiJk" }, kit);
    expect(trailers.map(({ name, trailer }) => [name, trailer.provider, trailer.id])).toEqual([
      ["Trailer", "youtube", "aBcDeFgHiJk"],
      ["Launch", "youtube", "dQw4w9WgXcQ"],
      ["Trailer", "vimeo", "76979871"],
    ]);
    expect(trailers[0]!.trailer.watchUrl).toBe("https://www.youtube.com/watch?v=aBcDeFgHiJk");
  });

  it("leaves out what is no video link, and has none without trailers", () => {
    const kit = kitDataOf({ trailers: [{ name: "Bad", youtube: "not an id!" }] });
    expect(kitTrailers({ trailerUrl: "https://example.com/video" }, kit)).toEqual([]);
    expect(kitTrailers({ trailerUrl: null }, kitDataOf({}))).toEqual([]);
  });
});
