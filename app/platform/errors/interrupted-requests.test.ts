import { describe, expect, it } from "vitest";
import { isInterruption } from "./interrupted-requests";

describe("isInterruption", () => {
  it("is an aborted request's DOMException, with or without a reason", () => {
    expect(isInterruption(new DOMException("signal is aborted without reason", "AbortError"))).toBe(
      true,
    );
    expect(isInterruption(AbortSignal.abort().reason)).toBe(true);
  });

  it("is no other error, nor an abort dressed as one", () => {
    expect(isInterruption(new DOMException("quota", "QuotaExceededError"))).toBe(false);
    expect(isInterruption(new Error("AbortError"))).toBe(false);
    expect(isInterruption(new TypeError("Failed to fetch"))).toBe(false);
    expect(isInterruption(undefined)).toBe(false);
  });
});
