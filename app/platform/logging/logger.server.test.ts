import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import {
  createLogger,
  maskUrl,
  REDACTED,
  redactSecrets,
  requestLogSerializers,
  terminalLines,
} from "./logger.server";

function captured() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger("info", stream), text: () => lines.join("") };
}

describe("maskUrl", () => {
  it.each([
    ["/auth/setup-owner?token=abc123", `/auth/setup-owner?token=${REDACTED}`],
    [
      "/api/auth/reset-password/Zx9_token-value?callbackURL=%2Fauth%2Freset-password",
      `/api/auth/reset-password/${REDACTED}?callbackURL=${REDACTED}`,
    ],
    [
      "/api/auth/verify-email?token=eyJ.abc.def&callbackURL=%2F",
      `/api/auth/verify-email?token=${REDACTED}&callbackURL=${REDACTED}`,
    ],
    ["/news?secretvalue", `/news?${REDACTED}`],
    ["/news/123e4567-e89b-12d3-a456-426614174000", "/news/123e4567-e89b-12d3-a456-426614174000"],
    ["/api/auth/reset-password", "/api/auth/reset-password"],
    ["/news?", "/news"],
    ["/page#fragment", "/page"],
    [
      "http://localhost:3000/api/auth/reset-password/tok?callbackURL=x",
      `http://localhost:3000/api/auth/reset-password/${REDACTED}?callbackURL=${REDACTED}`,
    ],
    [undefined, ""],
  ])("%s → %s", (url, masked) => {
    expect(maskUrl(url)).toBe(masked);
  });
});

describe("redactSecrets", () => {
  it("masks links in free text and cuts a failed query's parameters", () => {
    const text = redactSecrets(
      'Failed query: insert into "sessions" values ($1, $2)\nparams: id123,SESSIONTOKEN\nsee http://x.test/auth/setup-owner?token=SETUP and /api/auth/reset-password/RESET',
    );
    expect(text).not.toMatch(/SESSIONTOKEN|SETUP|RESET/);
    expect(text).toContain("Failed query: insert into");
  });
});

describe("the logger", () => {
  it("the request line's URL is masked", () => {
    const req = { id: "r1", method: "GET", url: "/auth/setup-owner?token=SECRET" };
    expect(requestLogSerializers.req(req as never)).toEqual({
      id: "r1",
      method: "GET",
      url: `/auth/setup-owner?token=${REDACTED}`,
    });
  });

  it("an error's query parameters and links never reach the line", () => {
    const { logger, text } = captured();
    const error = Object.assign(new Error("Failed query: select 1\nparams: SESSIONTOKEN"), {
      params: ["SESSIONTOKEN"],
    });
    logger.error({ err: error }, "request failed");
    expect(text()).toContain("request failed");
    expect(text()).not.toContain("SESSIONTOKEN");
  });

  it("fields named like secrets are masked", () => {
    const { logger, text } = captured();
    logger.info({ token: "TOKEN1", body: { password: "PASSWORD1" } }, "x");
    expect(text()).not.toMatch(/TOKEN1|PASSWORD1/);
  });

  it("at a terminal, writes sentences: the message, a request as method, URL, status and time", () => {
    const lines: string[] = [];
    const logger = createLogger(
      "info",
      terminalLines({ write: (text: string) => lines.push(text) }),
    );
    logger.info("studio-site listening on http://127.0.0.1:3000 (production build)");
    logger.warn({ err: new Error("no route") }, "console SQL box: could not be checked");
    logger.info(
      { req: { method: "GET", url: "/news?q=x" }, res: { statusCode: 200 }, responseTime: 4 },
      "request completed",
    );
    expect(lines).toEqual([
      "studio-site listening on http://127.0.0.1:3000 (production build)\n",
      "warning: console SQL box: could not be checked (no route)\n",
      "GET /news?q=x 200 4 ms\n",
    ]);
  });
});
