import { describe, expect, it } from "vitest";
import { keySealer } from "./key-crypto.server";

const SECRET = "test-secret-test-secret-test-secret-1234";

describe("press key sealer", () => {
  it("still opens a press key sealed before the box was shared (same derivation)", () => {
    // Sealed by the press desk's own code before it used the shared box.
    const before = "v1.OVweKp_UbKtEzJbZzf2-kii2hCihTtsB7UiA3GehXNWAHUwljNt4wNkyVveh";
    const sealer = keySealer({ AUTH_SECRET: SECRET });
    expect(sealer.open(before, { gameId: "g1", platform: "Steam" })).toBe("ABCDE-12345-FGHIJ");
    expect(sealer.fingerprint("ABCDE-12345-FGHIJ")).toBe(
      "hmZy0anavBrAgBdfZQIiM3rYSDxOBIplz-60cEge9HI",
    );
  });
});
