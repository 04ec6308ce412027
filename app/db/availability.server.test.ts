import { describe, expect, it } from "vitest";
import { DatabaseUnavailableError, isDatabaseUnavailable } from "./availability.server";

function withCode(message: string, code: string) {
  return Object.assign(new Error(message), { code });
}

describe("isDatabaseUnavailable", () => {
  it.each([
    ["a refused connection", withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
    ["a reset connection", withCode("read ECONNRESET", "ECONNRESET")],
    ["a lost connection", new Error("Connection terminated unexpectedly")],
    ["a connect timeout", new Error("timeout exceeded when trying to connect")],
    ["the server shutting down", withCode("terminating connection", "57P01")],
    ["the server starting up", withCode("the database system is starting up", "57P03")],
    ["a connection exception", withCode("connection failure", "08006")],
    ["too many connections", withCode("sorry, too many clients already", "53300")],
    ["our own signal", new DatabaseUnavailableError()],
  ])("recognises %s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("looks through wrappers along the cause chain", () => {
    const driver = withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED");
    const query = new Error("Failed query: select 1", { cause: driver });
    const library = new Error("Failed to get session", { cause: query });
    expect(isDatabaseUnavailable(library)).toBe(true);
  });

  it.each([
    ["a unique violation", withCode("duplicate key value", "23505")],
    ["a syntax error", withCode('syntax error at or near "selec"', "42601")],
    ["a plain error", new Error("Something else broke")],
    ["a thrown string", "Connection terminated"],
    ["nothing", undefined],
  ])("does not mistake %s for an outage", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it("stops on a cause cycle", () => {
    const a = new Error("a") as Error & { cause?: unknown };
    const b = new Error("b", { cause: a });
    a.cause = b;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});
