import { describe, expect, it } from "vitest";
import { addressKey } from "./rate-limit.server";

describe("addressKey", () => {
  it("keeps IPv4 addresses, also when mapped into IPv6", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts IPv6 addresses by their /64 network", () => {
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:DB8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
  });

  it("passes anything else through unchanged", () => {
    expect(addressKey("unknown")).toBe("unknown");
    expect(addressKey("")).toBe("");
  });
});
