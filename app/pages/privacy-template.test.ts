import { describe, expect, it } from "vitest";
import { type PrivacyFacts, privacyPolicyDraft } from "./privacy-template";

// Issue 36: the draft left out newsletter addresses and key requests, and said nothing was loaded
// from other servers although a played trailer loads YouTube's player.

const bare: PrivacyFacts = {
  studio: "Moth & Lamp",
  keyRequests: false,
  trailers: [],
  imageHosts: [],
};
const section = (draft: string, heading: string) =>
  draft.split(`## ${heading}\n`)[1]?.split("\n## ")[0] ?? "";

describe("the privacy policy's draft", () => {
  it("lists every kind of data the site keeps, the newsletter's included", () => {
    const kept = section(privacyPolicyDraft(bare), "What we keep");
    for (const kind of [
      "**Your account**",
      "**Sign-in sessions**",
      "**Messages you send us**",
      "**Newsletter**: if you subscribe, your e-mail address, the lists you chose, each consent",
      "**Logs**",
      "**What staff do**",
    ])
      expect(kept).toContain(kind);
    expect(kept).toContain("counted per file, never per person");
    expect(privacyPolicyDraft(bare)).toMatch(/^Moth & Lamp runs this website\./);
  });

  it("names key requests' fields only when the catalogue has games whose press pages take them", () => {
    expect(privacyPolicyDraft(bare)).not.toContain("Review-key requests");
    const kept = section(privacyPolicyDraft({ ...bare, keyRequests: true }), "What we keep");
    expect(kept).toMatch(/\*\*Review-key requests\*\*[^\n]*your name, outlet[^\n]*e-mail address/);
  });

  it("says nothing is loaded from elsewhere only while that is true", () => {
    expect(section(privacyPolicyDraft(bare), "Other servers")).toContain(
      "our pages load nothing from other companies' servers",
    );
    const loaded = section(
      privacyPolicyDraft({
        ...bare,
        trailers: ["youtube", "vimeo"],
        imageHosts: ["cdn.example", "img.example"],
      }),
      "Other servers",
    );
    expect(loaded).not.toContain("load nothing");
    expect(loaded).toMatch(/\*\*YouTube\*\*[^\n]*until you press play[^\n]*youtube-nocookie\.com/);
    expect(loaded).toMatch(/\*\*Vimeo\*\*[^\n]*player\.vimeo\.com/);
    expect(loaded).toContain("from cdn.example, img.example");
    expect(
      section(privacyPolicyDraft({ ...bare, trailers: ["vimeo"] }), "Other servers"),
    ).not.toContain("YouTube");
  });
});
