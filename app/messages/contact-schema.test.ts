import { describe, expect, it } from "vitest";
import { parseForm } from "~/platform/forms/form-errors";
import { ContactSchema } from "./contact-schema";

const good = { name: "Ada", email: "ada@example.com", subject: "Hi", message: "Hello" };

describe("contact form schema (shared by browser and server)", () => {
  it("accepts a complete message and trims it", () => {
    expect(parseForm(ContactSchema, { ...good, name: "  Ada " })).toEqual({
      success: true,
      data: good,
    });
  });

  it("gives the spec's message per field", () => {
    expect(parseForm(ContactSchema, {})).toEqual({
      success: false,
      errors: {
        name: "Name is required",
        email: "Email is required",
        subject: "Subject is required",
        message: "Message is required",
      },
    });
  });

  it.each(["plain", "a@b", "a b@c.de", "@example.com"])("calls %j an invalid address", (email) => {
    expect(parseForm(ContactSchema, { ...good, email })).toEqual({
      success: false,
      errors: { email: "Invalid email address" },
    });
  });

  it("reads FormData, and treats a file where text belongs as missing", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries(good)) form.set(k, v);
    form.set("name", new Blob(["x"]), "x.txt");
    expect(parseForm(ContactSchema, form)).toEqual({
      success: false,
      errors: { name: "Name is required" },
    });
  });
});
