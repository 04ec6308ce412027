import { describe, expect, it } from "vitest";
import { type NewsSend, withWaitingMail } from "./news-mailing";

// A post's mail as the editor and the list show it (docs/product.md#newsletter-sending): the
// newsletter's send once there is one, "waiting" for a post with lists and none yet.

const sent: NewsSend = {
  state: "done",
  lists: ["studio"],
  queued: 0,
  sent: 3,
  failed: 0,
  skipped: 0,
};

describe("withWaitingMail", () => {
  it("shows a post with lists and no send as waiting, and leaves the others as they are", () => {
    const sends = withWaitingMail(
      [
        { id: "draft", mailLists: ["studio", "g1"] },
        { id: "mailed", mailLists: ["studio"] },
        { id: "none", mailLists: [] },
        { id: "unknown" },
      ],
      { mailed: sent },
    );
    expect(sends).toEqual({
      draft: {
        state: "pending",
        lists: ["studio", "g1"],
        queued: 0,
        sent: 0,
        failed: 0,
        skipped: 0,
      },
      mailed: sent,
    });
  });
});
