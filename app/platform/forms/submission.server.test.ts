import { redirect } from "react-router";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "~/platform/errors/app-error";
import { UNREADABLE_FORM } from "./read-form.server";
import {
  handleSubmission,
  parseSubmission,
  submissionOf,
  unreadableReply,
} from "./submission.server";

const Schema = z.object({
  title: z.string().trim().min(1, "Title is required"),
  newPassword: z.string().min(8, "Password must be at least 8 characters"),
});

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

describe("the server half of the form contract", () => {
  it("keeps the schema's own message for an empty field (no coercion of '' to undefined)", () => {
    const submission = submissionOf(form({ title: "", newPassword: "long enough" }), Schema);
    expect(submission.status).toBe("error");
    expect(submission.reply().error).toEqual({ title: ["Title is required"] });
  });

  it("an invalid submission is a 400 whose reply never carries a password back", async () => {
    const submission = submissionOf(form({ title: "Draft", newPassword: "short" }), Schema);
    let ran = false;
    const answer = await handleSubmission(submission, async () => {
      ran = true;
    });
    expect(ran).toBe(false);
    expect(answer.init?.status).toBe(400);
    expect(answer.data.error).toEqual({ newPassword: ["Password must be at least 8 characters"] });
    expect(answer.data.initialValue).toEqual({ title: "Draft" });
  });

  it("a valid submission runs the write with the parsed values and resets the form", async () => {
    const submission = submissionOf(
      form({ title: "  News  ", newPassword: "long enough" }),
      Schema,
    );
    const seen: unknown[] = [];
    const answer = await handleSubmission(submission, async (value) => {
      seen.push(value);
    });
    expect(seen).toEqual([{ title: "News", newPassword: "long enough" }]);
    expect(answer.init?.status).toBe(200);
    expect(answer.data.status).toBe("success");
    expect(answer.data.initialValue).toBeNull();
  });

  it("an AppError from the write becomes the form's message with its status", async () => {
    const submission = submissionOf(form({ title: "News", newPassword: "long enough" }), Schema);
    const answer = await handleSubmission(submission, async () => {
      throw new AppError("conflict", "The last owner cannot be removed.");
    });
    expect(answer.init?.status).toBe(409);
    expect(answer.data.error).toEqual({ "": ["The last owner cannot be removed."] });
    expect(answer.data.initialValue).toEqual({ title: "News" });
  });

  it("an unreadable body is a thrown 400, not a parse", async () => {
    const request = new Request("http://site.test/contact", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=nope" },
      body: "garbage",
    });
    await expect(parseSubmission(request, Schema)).rejects.toMatchObject({ init: { status: 400 } });
  });

  it("a check that runs before the values are judged answers alone, invalid values or not", async () => {
    const submission = submissionOf(form({ title: "Draft", newPassword: "short" }), Schema);
    let checked = 0;
    let ran = false;
    const answer = await handleSubmission(
      submission,
      async () => {
        ran = true;
      },
      {
        before: async () => {
          checked++;
          throw new AppError("too_many", "Slow down.", { retryAfterSeconds: 60 });
        },
      },
    );
    expect(checked).toBe(1);
    expect(ran).toBe(false);
    expect(answer.init?.status).toBe(429);
    expect(new Headers(answer.init?.headers).get("Retry-After")).toBe("60");
    expect(answer.data.status).toBe("error");
    expect(answer.data.error).toEqual({ "": ["Slow down."] });
    expect(answer.data.initialValue).toEqual({ title: "Draft" });
  });

  it("a check that passes lets an invalid submission be answered with its messages", async () => {
    const submission = submissionOf(form({ title: "", newPassword: "long enough" }), Schema);
    const answer = await handleSubmission(submission, async () => {}, { before: async () => {} });
    expect(answer.init?.status).toBe(400);
    expect(answer.data.error).toEqual({ title: ["Title is required"] });
  });

  it("an unexpected failure is reported and answered 503 with the given message, values kept", async () => {
    const submission = submissionOf(form({ title: "News", newPassword: "long enough" }), Schema);
    const reported: unknown[] = [];
    const failure = new Error("connection refused");
    const answer = await handleSubmission(
      submission,
      async () => {
        throw failure;
      },
      { unexpected: { message: "Please try again.", report: (error) => reported.push(error) } },
    );
    expect(reported).toEqual([failure]);
    expect(answer.init?.status).toBe(503);
    expect(answer.data.error).toEqual({ "": ["Please try again."] });
    expect(answer.data.initialValue).toEqual({ title: "News" });
  });

  it("without that option an unexpected failure propagates", async () => {
    const submission = submissionOf(form({ title: "News", newPassword: "long enough" }), Schema);
    await expect(
      handleSubmission(submission, async () => {
        throw new Error("bug");
      }),
    ).rejects.toThrow("bug");
  });

  it("an unreadable body can be answered on the form's page: 400 with the message", () => {
    const answer = unreadableReply();
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toEqual({ status: "error", error: { "": [UNREADABLE_FORM] } });
  });

  it("a redirect a write throws on purpose is never taken for an unexpected failure", async () => {
    const submission = submissionOf(form({ title: "News", newPassword: "long enough" }), Schema);
    const unexpected = { message: "Please try again.", report: () => {} };
    await expect(
      handleSubmission(
        submission,
        async () => {
          throw redirect("/done");
        },
        { unexpected },
      ),
    ).rejects.toBeInstanceOf(Response);
  });
});
