import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "~/platform/errors/app-error";
import { handleSubmissionWith } from "./reply-with.server";
import { submissionOf } from "./submission.server";

const Schema = z.object({ password: z.string().min(1, "Password is required") });
const form = (values: Record<string, string>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(values)) body.set(name, value);
  return submissionOf(body, Schema);
};

describe("handleSubmissionWith", () => {
  it("a successful write's value travels in the reply as `result`, secrets left out", async () => {
    const answer = await handleSubmissionWith(form({ password: "hunter22" }), async (input) => ({
      codes: [input.password.length],
    }));
    expect(answer.init?.status).toBe(200);
    expect(answer.data.status).toBe("success");
    expect(answer.data.result).toEqual({ codes: [8] });
    expect(JSON.stringify(answer.data)).not.toContain("hunter22");
  });

  it("an invalid submission is a 400 with its field messages and no result", async () => {
    let ran = false;
    const answer = await handleSubmissionWith(form({ password: "" }), async () => {
      ran = true;
      return 1;
    });
    expect(ran).toBe(false);
    expect(answer.init?.status).toBe(400);
    expect(answer.data.error?.password).toEqual(["Password is required"]);
    expect(answer.data.result).toBeUndefined();
  });

  it("an AppError is the form's message with its status, and no result", async () => {
    const answer = await handleSubmissionWith(form({ password: "x" }), async () => {
      throw new AppError("conflict", "Not now");
    });
    expect(answer.init?.status).toBe(409);
    expect(answer.data.error?.[""]).toEqual(["Not now"]);
    expect(answer.data.result).toBeUndefined();
  });
});
