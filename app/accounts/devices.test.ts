import { describe, expect, it } from "vitest";
import { describeDevice } from "./devices";

describe("describeDevice", () => {
  it.each([
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36",
      "Chrome on Linux",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1",
      "Safari on iOS",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:130.0) Gecko/20100101 Firefox/130.0",
      "Firefox on Windows",
    ],
    ["curl/8.0", "Script"],
    [null, "Unknown device"],
  ])("%s -> %s", (ua, expected) => {
    expect(describeDevice(ua)).toBe(expected);
  });
});
