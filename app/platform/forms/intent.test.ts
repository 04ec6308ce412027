import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseIntent, requireIntent, UNKNOWN_INTENT } from "./intent";

const Intent = z.enum(["save", "delete"]);
const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe("form intents", () => {
  it("takes a known intent", () => {
    expect(parseIntent(Intent, form([["intent", "save"]]))).toBe("save");
    expect(requireIntent(Intent, form([["intent", "delete"]]))).toBe("delete");
  });

  it.each(["constructor", "__proto__", "toString", "hasOwnProperty", "SAVE", " save", ""])(
    "refuses %j",
    (name) => {
      expect(parseIntent(Intent, form([["intent", name]]))).toBeNull();
    },
  );

  it("refuses a missing intent and a file in its place", () => {
    expect(parseIntent(Intent, form([]))).toBeNull();
    const withFile = new FormData();
    withFile.append("intent", new Blob(["save"]), "save");
    expect(parseIntent(Intent, withFile)).toBeNull();
  });

  it("throws a 400 with a clear message for an unknown intent", () => {
    let thrown: unknown;
    try {
      requireIntent(Intent, form([["intent", "constructor"]]));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ data: UNKNOWN_INTENT, init: { status: 400 } });
  });
});
