import { describe, expect, it } from "vitest";
import { z } from "zod";
import { submissionOf } from "~/platform/forms/submission.server";
import { apiErrorResponse, formErrorReply, throwAsStatus } from "./adapters.server";
import { AppError } from "./app-error";

const Schema = z.object({ title: z.string().min(1, "Title is required"), password: z.string() });

function submitted(values: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.set(name, value);
  return submissionOf(form, Schema);
}

describe("the three adapters", () => {
  it("a form reply puts a whole-form error in formErrors with the error's status", () => {
    const submission = submitted({ title: "Hello", password: "secret-words" });
    const answer = formErrorReply(
      (options) => submission.reply(options),
      new AppError("conflict", "Someone changed this first.", { code: "stale" }),
    );
    expect(answer.init?.status).toBe(409);
    expect(answer.data.error).toEqual({ "": ["Someone changed this first."] });
  });

  it("a form reply puts a field error on its field, and sends Retry-After when the error has one", () => {
    const submission = submitted({ title: "Hello", password: "x" });
    const answer = formErrorReply(
      (options) => submission.reply(options),
      new AppError("too_many", "Try again in 3 minutes.", {
        field: "title",
        retryAfterSeconds: 180,
      }),
    );
    expect(answer.init?.status).toBe(429);
    expect(new Headers(answer.init?.headers).get("Retry-After")).toBe("180");
    expect(answer.data.error).toEqual({ title: ["Try again in 3 minutes."] });
  });

  it("the API answer is {error: {code, message}} JSON with the status, never cached", async () => {
    const response = apiErrorResponse(new AppError("not_found", "No news item with that id."), {
      Allow: "GET",
    });
    expect(response.status).toBe(404);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Allow")).toBe("GET");
    expect(await response.json()).toEqual({
      error: { code: "not_found", message: "No news item with that id." },
    });
  });

  it("the API answer lists field messages for a validation error", async () => {
    const response = apiErrorResponse(
      new AppError("invalid", "Title is required", { fields: { title: "Title is required" } }),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).error.fields).toEqual({ title: "Title is required" });
  });

  it("a loader's error becomes a thrown status for the error boundary", () => {
    let thrown: unknown;
    try {
      throwAsStatus(new AppError("forbidden", "Your role does not allow this."));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ init: { status: 403 }, data: "Your role does not allow this." });
  });

  it("anything that is not an AppError passes through each adapter untouched", () => {
    const bug = new TypeError("undefined is not a function");
    const submission = submitted({ title: "", password: "" });
    expect(() => formErrorReply((o) => submission.reply(o), bug)).toThrow(bug);
    expect(() => apiErrorResponse(bug)).toThrow(bug);
    expect(() => throwAsStatus(bug)).toThrow(bug);
  });
});
