import { describe, expect, it } from "vitest";
import { failedOnServer, failureMessage, SERVER_FAILURE } from "./fetcher-reply";

describe("what a reply tells a toast", () => {
  it("the form message first, else the first field message", () => {
    expect(failureMessage({ status: "error", error: { "": ["Gone."], title: ["Too long"] } })).toBe(
      "Gone.",
    );
    expect(failureMessage({ status: "error", error: { title: null, url: ["Bad link"] } })).toBe(
      "Bad link",
    );
    expect(failureMessage({ status: "success", initialValue: null })).toBeUndefined();
  });

  it("tells a failure of the server's own from a refusal", () => {
    expect(failedOnServer({ status: "error", error: { "": [SERVER_FAILURE] } })).toBe(true);
    expect(
      failedOnServer({ status: "error", error: { "": ["This news item no longer exists."] } }),
    ).toBe(false);
    expect(failedOnServer({ status: "error", error: { title: [SERVER_FAILURE] } })).toBe(false);
  });
});
