import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadEnv } from "./env.server";

function tempDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), "studio-env-"));
}

describe("configuration", () => {
  it("has the documented defaults", () => {
    const dir = tempDir();
    const env = loadEnv({ DATA_DIR: dir });
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("127.0.0.1");
    expect(env.SITE_URL).toBe("http://localhost:3000");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.REQUIRE_EMAIL_VERIFICATION).toBe(true);
    expect(env.API_RATE_LIMIT).toBe(120);
    expect(env.WEB_CONCURRENCY).toBe(1);
    expect(env.CONTACT_RATE_LIMIT).toBe(5);
    expect(env.CONTACT_ATTEMPT_LIMIT).toBe(30);
    expect(env.GAME_PLAYED_RATE_LIMIT).toBe(60);
    expect(env.SIGN_IN_RATE_LIMIT).toBe(30);
    expect(env.SIGN_IN_FAILURE_LIMIT).toBe(10);
    expect(env.ACCOUNT_FAILURE_LIMIT).toBe(50);
    expect(env.SIGN_IN_LOCKOUT_MINUTES).toBe(15);
    expect(env.STUDIO_TIME_ZONE).toBe("UTC");
    expect(env.DATA_DIR).toBe(path.resolve(dir));
  });

  it("generates a secret once outside production and keeps it in DATA_DIR", () => {
    const dir = tempDir();
    const first = loadEnv({ DATA_DIR: dir }).AUTH_SECRET;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadEnv({ DATA_DIR: dir }).AUTH_SECRET).toBe(first);
    expect(fs.readFileSync(path.join(dir, "auth-secret"), "utf8")).toBe(first);
  });

  it("SITE_URL follows PORT and loses a trailing slash", () => {
    expect(loadEnv({ DATA_DIR: tempDir(), PORT: "8080" }).SITE_URL).toBe("http://localhost:8080");
    expect(loadEnv({ DATA_DIR: tempDir(), SITE_URL: "https://studio.example/" }).SITE_URL).toBe(
      "https://studio.example",
    );
  });

  it.each([
    [{ PORT: "eighty" }, "Invalid configuration: PORT must be a port number"],
    [{ PORT: "70000" }, "Invalid configuration: PORT must be a port number"],
    [
      { DATABASE_URL: "mysql://x" },
      "Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL",
    ],
    [
      { SITE_URL: "not a url" },
      "Invalid configuration: SITE_URL must be an absolute URL such as https://studio.example",
    ],
    [
      { REQUIRE_EMAIL_VERIFICATION: "maybe" },
      "Invalid configuration: REQUIRE_EMAIL_VERIFICATION must be true or false",
    ],
    [
      { NODE_ENV: "production" },
      "Invalid configuration: AUTH_SECRET is required when NODE_ENV=production",
    ],
    [{ API_RATE_LIMIT: "0" }, "Invalid configuration: API_RATE_LIMIT must be at least 1"],
    [{ WEB_CONCURRENCY: "0" }, "Invalid configuration: WEB_CONCURRENCY must be at least 1"],
    [{ WEB_CONCURRENCY: "65" }, "Invalid configuration: WEB_CONCURRENCY must be at most 64"],
    [{ WEB_CONCURRENCY: "two" }, "Invalid configuration: WEB_CONCURRENCY must be a whole number"],
    [
      { SIGN_IN_FAILURE_LIMIT: "ten" },
      "Invalid configuration: SIGN_IN_FAILURE_LIMIT must be a whole number",
    ],
    [
      { SIGN_IN_LOCKOUT_MINUTES: "1.5" },
      "Invalid configuration: SIGN_IN_LOCKOUT_MINUTES must be a whole number",
    ],
    [{ AUTH_SECRET: "short" }, "Invalid configuration: AUTH_SECRET must be at least 32 characters"],
    [
      { NODE_ENV: "production", AUTH_SECRET: "x".repeat(32), TEST_CLOCK_FILE: "/tmp/clock" },
      "Invalid configuration: TEST_CLOCK_FILE must not be set when NODE_ENV=production",
    ],
  ])("refuses %j with one line naming the variable", (values, message) => {
    const attempt = () => loadEnv({ DATA_DIR: tempDir(), ...values });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(message);
  });

  it.each(["Mars/Olympus_Mons", "+01:00", "UTC+1", "Stockholm"])(
    "refuses STUDIO_TIME_ZONE=%s with one line naming the variable",
    (zone) => {
      const attempt = () => loadEnv({ DATA_DIR: tempDir(), STUDIO_TIME_ZONE: zone });
      expect(attempt).toThrow(ConfigError);
      expect(attempt).toThrow(
        "Invalid configuration: STUDIO_TIME_ZONE must be an IANA time zone such as UTC or Europe/Stockholm",
      );
    },
  );

  it("takes STUDIO_TIME_ZONE as an IANA zone, in its canonical spelling", () => {
    const zoneOf = (value: string) => loadEnv({ DATA_DIR: tempDir(), STUDIO_TIME_ZONE: value });
    expect(zoneOf("Europe/Stockholm").STUDIO_TIME_ZONE).toBe("Europe/Stockholm");
    expect(zoneOf("america/new_york").STUDIO_TIME_ZONE).toBe("America/New_York");
    expect(zoneOf("Etc/UTC").STUDIO_TIME_ZONE).toBe("UTC");
  });

  it("has no text-message provider by default, and the documented text-message limits", () => {
    const env = loadEnv({ DATA_DIR: tempDir() });
    expect(env.TWILIO_ACCOUNT_SID).toBeUndefined();
    expect(env.SMS_WEBHOOK_URL).toBeUndefined();
    expect(env.SMS_ADDRESS_LIMIT).toBe(10);
    expect(env.SMS_NUMBER_LIMIT).toBe(10);
    expect(env.SMS_HOURLY_LIMIT).toBe(100);
  });

  it("treats blank values as unset", () => {
    expect(loadEnv({ DATA_DIR: tempDir(), DATABASE_URL: "  ", PORT: "" }).PORT).toBe(3000);
  });
});

describe("text-message provider", () => {
  const SID = "AC0123456789abcdef0123456789abcdef";
  const KEY = "SK0123456789abcdef0123456789abcdef";
  const SERVICE = "MG0123456789abcdef0123456789abcdef";
  const SECRET = "s".repeat(32);
  const load = (values: Record<string, string>) => loadEnv({ DATA_DIR: tempDir(), ...values });

  it.each([
    [{ TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: "token", TWILIO_FROM: "+15551234567" }],
    [
      {
        TWILIO_ACCOUNT_SID: SID,
        TWILIO_API_KEY_SID: KEY,
        TWILIO_API_KEY_SECRET: "secret",
        TWILIO_FROM: SERVICE,
        TWILIO_API_URL: "https://api.dublin.ie1.twilio.com",
      },
    ],
    [
      {
        TWILIO_ACCOUNT_SID: SID,
        TWILIO_AUTH_TOKEN: "token",
        TWILIO_FROM: "+447700900123",
        TWILIO_API_URL: "http://127.0.0.1:5000",
      },
    ],
    [{ SMS_WEBHOOK_URL: "https://gw.example/sms", SMS_WEBHOOK_SECRET: SECRET }],
    [{ SMS_WEBHOOK_URL: "http://localhost:5000/sms", SMS_WEBHOOK_SECRET: SECRET }],
    [
      {
        NODE_ENV: "production",
        AUTH_SECRET: "x".repeat(32),
        SMS_WEBHOOK_URL: "https://gw.example/sms",
        SMS_WEBHOOK_SECRET: SECRET,
      },
    ],
  ])("accepts %j", (values) => {
    const env = load(values);
    for (const [name, value] of Object.entries(values)) {
      expect(env[name as keyof typeof env]).toBe(value);
    }
  });

  it.each([
    [
      { TWILIO_ACCOUNT_SID: "US123", TWILIO_AUTH_TOKEN: "t", TWILIO_FROM: "+15551234567" },
      "TWILIO_ACCOUNT_SID must be a Twilio account SID (AC…)",
    ],
    [
      { TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: "t", TWILIO_FROM: "5551234567" },
      "TWILIO_FROM must be a number such as +15551234567 or a messaging service SID (MG and 32 hex digits)",
    ],
    [
      { TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: "t", TWILIO_FROM: "+1555" },
      "TWILIO_FROM must be a number such as +15551234567",
    ],
    [
      { TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: "t", TWILIO_FROM: "MG123" },
      "TWILIO_FROM must be a number such as +15551234567",
    ],
    [
      { TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: "t" },
      "TWILIO_FROM is required when TWILIO_ACCOUNT_SID is set",
    ],
    [
      { TWILIO_ACCOUNT_SID: SID, TWILIO_FROM: "+15551234567" },
      "TWILIO_AUTH_TOKEN is required when TWILIO_ACCOUNT_SID is set (or TWILIO_API_KEY_SID and TWILIO_API_KEY_SECRET)",
    ],
    [
      {
        TWILIO_ACCOUNT_SID: SID,
        TWILIO_AUTH_TOKEN: "t",
        TWILIO_API_KEY_SID: KEY,
        TWILIO_API_KEY_SECRET: "s",
        TWILIO_FROM: "+15551234567",
      },
      "TWILIO_API_KEY_SID must not be set with TWILIO_AUTH_TOKEN",
    ],
    [
      { TWILIO_ACCOUNT_SID: SID, TWILIO_API_KEY_SID: KEY, TWILIO_FROM: "+15551234567" },
      "TWILIO_API_KEY_SECRET is required when TWILIO_API_KEY_SID is set",
    ],
    [
      { TWILIO_ACCOUNT_SID: SID, TWILIO_API_KEY_SECRET: "s", TWILIO_FROM: "+15551234567" },
      "TWILIO_API_KEY_SID is required when TWILIO_API_KEY_SECRET is set",
    ],
    [
      {
        TWILIO_ACCOUNT_SID: SID,
        TWILIO_API_KEY_SID: "AC123",
        TWILIO_API_KEY_SECRET: "s",
        TWILIO_FROM: "+15551234567",
      },
      "TWILIO_API_KEY_SID must be a Twilio API key SID (SK…)",
    ],
    [{ TWILIO_FROM: "+15551234567" }, "TWILIO_ACCOUNT_SID is required when TWILIO_FROM is set"],
    [{ TWILIO_AUTH_TOKEN: "t" }, "TWILIO_ACCOUNT_SID is required when TWILIO_AUTH_TOKEN is set"],
    [
      { TWILIO_API_URL: "https://api.twilio.com" },
      "TWILIO_ACCOUNT_SID is required when TWILIO_API_URL is set",
    ],
    [
      {
        TWILIO_ACCOUNT_SID: SID,
        TWILIO_AUTH_TOKEN: "t",
        TWILIO_FROM: "+15551234567",
        TWILIO_API_URL: "http://twilio.example",
      },
      "TWILIO_API_URL must be an https URL (http only to 127.0.0.1, localhost or ::1, outside production)",
    ],
    [
      {
        TWILIO_ACCOUNT_SID: SID,
        TWILIO_AUTH_TOKEN: "t",
        TWILIO_FROM: "+15551234567",
        TWILIO_API_URL: "ftp://twilio.example",
      },
      "TWILIO_API_URL must be an absolute URL such as https://api.twilio.com",
    ],
    [
      { SMS_WEBHOOK_URL: "https://gw.example/sms" },
      "SMS_WEBHOOK_SECRET is required when SMS_WEBHOOK_URL is set",
    ],
    [{ SMS_WEBHOOK_SECRET: SECRET }, "SMS_WEBHOOK_URL is required when SMS_WEBHOOK_SECRET is set"],
    [
      { SMS_WEBHOOK_URL: "https://gw.example/sms", SMS_WEBHOOK_SECRET: "short" },
      "SMS_WEBHOOK_SECRET must be at least 32 characters",
    ],
    [
      { SMS_WEBHOOK_URL: "http://gw.example/sms", SMS_WEBHOOK_SECRET: SECRET },
      "SMS_WEBHOOK_URL must be an https URL (http only to 127.0.0.1, localhost or ::1, outside production)",
    ],
    [
      { SMS_WEBHOOK_URL: "https://user:pass@gw.example/sms", SMS_WEBHOOK_SECRET: SECRET },
      "SMS_WEBHOOK_URL must not hold a user name or password",
    ],
    [
      {
        NODE_ENV: "production",
        AUTH_SECRET: "x".repeat(32),
        SMS_WEBHOOK_URL: "http://127.0.0.1:5000/sms",
        SMS_WEBHOOK_SECRET: SECRET,
      },
      "SMS_WEBHOOK_URL must be an https URL when NODE_ENV=production",
    ],
    [
      {
        TWILIO_ACCOUNT_SID: SID,
        TWILIO_AUTH_TOKEN: "t",
        TWILIO_FROM: "+15551234567",
        SMS_WEBHOOK_URL: "https://gw.example/sms",
        SMS_WEBHOOK_SECRET: SECRET,
      },
      "SMS_WEBHOOK_URL must not be set with TWILIO_ACCOUNT_SID: choose one text-message provider",
    ],
    [{ SMS_HOURLY_LIMIT: "0" }, "SMS_HOURLY_LIMIT must be at least 1"],
    [{ SMS_NUMBER_LIMIT: "ten" }, "SMS_NUMBER_LIMIT must be a whole number"],
    [{ SMS_ADDRESS_LIMIT: "2.5" }, "SMS_ADDRESS_LIMIT must be a whole number"],
  ])("refuses %j with one line naming the variable", (values, message) => {
    const attempt = () => load(values);
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(`Invalid configuration: ${message}`);
  });
});
