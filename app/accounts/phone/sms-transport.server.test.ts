import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import vm from "node:vm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfigError } from "~/platform/config/env.server";
import { createLogger } from "~/platform/logging/logger.server";
import {
  codeIn,
  type SmsStandIn,
  smsWebhookReceiver,
  twilioStandIn,
} from "../../../tests/support/sms-stand-ins";
import {
  configuredSmsTransport,
  maskPhone,
  type SmsEnv,
  SmsSendError,
  type SmsTransport,
} from "./sms-transport.server";

const ACCOUNT = "AC0123456789abcdef0123456789abcdef";
const TOKEN = "auth-token-0123456789";
const KEY = "SK0123456789abcdef0123456789abcdef";
const KEY_SECRET = "key-secret-0123456789";
const SERVICE = "MG0123456789abcdef0123456789abcdef";
const SECRET = "sms-webhook-secret-sms-webhook-secret";
const TO = "+447700900123";
const MESSAGE = { to: TO, body: "Your sign-in code is 493027" };

/** A logger whose JSON lines the test reads. */
function recordingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return {
    logger: createLogger("info", stream),
    lines: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    text: () => lines.join(""),
  };
}

const standIns: SmsStandIn<unknown>[] = [];
afterEach(async () => {
  await Promise.all(standIns.splice(0).map((standIn) => standIn.close()));
});

async function started<T extends SmsStandIn<unknown>>(standIn: Promise<T>): Promise<T> {
  const ready = await standIn;
  standIns.push(ready);
  return ready;
}

const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "studio-sms-"));

function transport(env: Partial<SmsEnv>, options: { timeoutMs?: number } = {}) {
  const log = recordingLogger();
  const made = configuredSmsTransport(
    { NODE_ENV: "test", ...env },
    { dataDir: dataDir(), logger: log.logger, ...options },
  );
  if (!made) throw new Error("no transport");
  return { transport: made, log };
}

/** The rejection of a send, which must be an SmsSendError. */
async function failure(transport: SmsTransport): Promise<SmsSendError> {
  const error = await transport.send(MESSAGE).then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(SmsSendError);
  return error as SmsSendError;
}

describe("Twilio", () => {
  const twilioEnv = (url: string, rest: Partial<SmsEnv>) => ({
    TWILIO_ACCOUNT_SID: ACCOUNT,
    TWILIO_API_URL: url,
    ...rest,
  });

  it("posts To, From and Body signed in with the account's auth token", async () => {
    const twilio = await started(twilioStandIn({ accountSid: ACCOUNT, password: TOKEN }));
    const { transport: sms } = transport(
      twilioEnv(twilio.url, { TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: "+15557654321" }),
    );
    expect(sms.name).toBe("twilio");
    expect(sms.describe).toBe(`Twilio at ${twilio.url} (sender +1555…)`);
    await sms.send(MESSAGE);
    expect(twilio.received).toEqual([
      {
        to: TO,
        body: "Your sign-in code is 493027",
        from: "+15557654321",
        messagingServiceSid: null,
        username: ACCOUNT,
        sid: expect.stringMatching(/^SM[0-9a-f]{32}$/),
      },
    ]);
    expect(codeIn(twilio.received[0]!.body)).toBe("493027");
  });

  it("signs in with an API key, and sends through a messaging service given as MG…", async () => {
    const twilio = await started(
      twilioStandIn({ accountSid: ACCOUNT, username: KEY, password: KEY_SECRET }),
    );
    const { transport: sms } = transport(
      twilioEnv(twilio.url, {
        TWILIO_API_KEY_SID: KEY,
        TWILIO_API_KEY_SECRET: KEY_SECRET,
        TWILIO_FROM: SERVICE,
      }),
    );
    expect(sms.describe).toContain("(messaging service MG0123…)");
    await sms.send(MESSAGE);
    expect(twilio.received).toEqual([
      expect.objectContaining({
        to: TO,
        from: null,
        messagingServiceSid: SERVICE,
        username: KEY,
      }),
    ]);
  });

  it("names no address at Twilio's own API, and no secret", () => {
    const { transport: sms } = transport({
      TWILIO_ACCOUNT_SID: ACCOUNT,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_FROM: "+15557654321",
    });
    expect(sms.describe).toBe("Twilio (sender +1555…)");
  });

  it("rejects a 500 with its status and logs Twilio's code, the number masked", async () => {
    const twilio = await started(twilioStandIn({ accountSid: ACCOUNT, password: TOKEN }));
    const { transport: sms, log } = transport(
      twilioEnv(twilio.url, { TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: "+15557654321" }),
    );
    twilio.failNext(500);
    expect((await failure(sms)).status).toBe(500);
    expect(twilio.received).toEqual([]);
    expect(log.lines()).toEqual([
      expect.objectContaining({
        msg: "text message refused by Twilio",
        to: "+••••••••••23",
        status: 500,
        code: 20500,
        error: "Internal Server Error",
      }),
    ]);
    // The failure was the next call only.
    await sms.send(MESSAGE);
    expect(twilio.received).toHaveLength(1);
  });

  it("rejects with 401 when Twilio refuses the credentials", async () => {
    const twilio = await started(twilioStandIn({ accountSid: ACCOUNT, password: TOKEN }));
    const { transport: sms, log } = transport(
      twilioEnv(twilio.url, { TWILIO_AUTH_TOKEN: "another-token", TWILIO_FROM: "+15557654321" }),
    );
    const error = await failure(sms);
    expect(error.status).toBe(401);
    expect(error.message).toBe("Twilio refused the message (HTTP 401)");
    expect(twilio.received).toEqual([]);
    expect(log.lines()[0]).toMatchObject({ code: 20003, error: "Authenticate" });
  });

  it("masks the number when Twilio's own message quotes it", async () => {
    const twilio = await started(twilioStandIn({ accountSid: ACCOUNT, password: TOKEN }));
    const { transport: sms, log } = transport(
      twilioEnv(twilio.url, { TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: "+15557654321" }),
    );
    const error = await sms.send({ to: "+4477009", body: "123456" }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "SmsSendError", status: 400 });
    expect(log.lines()[0]).toMatchObject({
      to: "+•••••09",
      code: 21211,
      error: "The 'To' number +•••••09 is not a valid phone number.",
    });
    expect(log.text()).not.toContain("4477009");
  });

  it("gives up on a Twilio that does not answer within the timeout, status null", async () => {
    const twilio = await started(twilioStandIn({ accountSid: ACCOUNT, password: TOKEN }));
    const { transport: sms, log } = transport(
      twilioEnv(twilio.url, { TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: "+15557654321" }),
      { timeoutMs: 200 },
    );
    twilio.holdNext();
    const begun = Date.now();
    const error = await failure(sms);
    expect(error.status).toBeNull();
    expect(error.message).toBe("No answer from Twilio");
    expect(Date.now() - begun).toBeLessThan(2_000);
    expect(log.lines()[0]).toMatchObject({
      msg: "text message not sent: no answer from Twilio",
      to: "+••••••••••23",
    });
  });

  it("does not follow a redirect: the message is not sent again where it points", async () => {
    const twilio = await started(twilioStandIn({ accountSid: ACCOUNT, password: TOKEN }));
    const { transport: sms } = transport(
      twilioEnv(twilio.url, { TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: "+15557654321" }),
    );
    // A 307 keeps method and body: followed, it would land on the stand-in and be recorded.
    twilio.failNext(307);
    const error = await failure(sms);
    expect(error.status).toBe(307);
    expect(error.message).toBe("Twilio answered a redirect (HTTP 307)");
    expect(twilio.received).toEqual([]);
  });
});

/** The verification function exactly as docs/configuration.md prints it. */
function documentedVerifier(): (raw: string, headers: object, secret: string) => boolean {
  const doc = fs.readFileSync(new URL("../../../docs/configuration.md", import.meta.url), "utf8");
  const code = doc.split("<!-- verify-recipe")[1]?.match(/```js\n([\s\S]*?)```/)?.[1];
  if (!code) throw new Error("docs/configuration.md has no verify-recipe block");
  const context = vm.createContext({ require: createRequire(import.meta.url), Buffer, Date });
  return vm.runInContext(`${code}\nverifyStudioSignature`, context);
}

describe("webhook", () => {
  it("posts { to, body } as JSON, signed so the receiver and the documented recipe verify it", async () => {
    const receiver = await started(smsWebhookReceiver(SECRET));
    const { transport: sms } = transport({
      SMS_WEBHOOK_URL: receiver.url,
      SMS_WEBHOOK_SECRET: SECRET,
    });
    expect(sms.name).toBe("webhook");
    expect(sms.describe).toBe(`webhook ${receiver.url}`);
    await sms.send(MESSAGE);
    const [call] = receiver.received;
    expect(call).toMatchObject({ to: TO, body: MESSAGE.body, signatureValid: true });
    expect(JSON.parse(call!.raw)).toEqual({ to: TO, body: MESSAGE.body });
    expect(call!.headers["content-type"]).toBe("application/json");
    expect(call!.headers["x-studio-timestamp"]).toMatch(/^\d+$/);
    expect(documentedVerifier()(call!.raw, call!.headers, SECRET)).toBe(true);
    expect(documentedVerifier()(call!.raw.replace("493027", "000000"), call!.headers, SECRET)).toBe(
      false,
    );
  });

  it("is signed with SMS_WEBHOOK_SECRET: a receiver holding another secret finds it invalid", async () => {
    const receiver = await started(smsWebhookReceiver("another-secret-another-secret-12345"));
    const { transport: sms } = transport({
      SMS_WEBHOOK_URL: receiver.url,
      SMS_WEBHOOK_SECRET: SECRET,
    });
    await sms.send(MESSAGE);
    expect(receiver.received[0]).toMatchObject({ to: TO, signatureValid: false });
  });

  it("rejects a 500 and a redirect with their status, and logs no number in clear", async () => {
    const receiver = await started(smsWebhookReceiver(SECRET));
    const { transport: sms, log } = transport({
      SMS_WEBHOOK_URL: receiver.url,
      SMS_WEBHOOK_SECRET: SECRET,
    });
    receiver.failNext(500);
    receiver.failNext(308);
    expect((await failure(sms)).status).toBe(500);
    expect((await failure(sms)).status).toBe(308);
    expect(receiver.received).toEqual([]);
    expect(log.lines().map((line) => [line.msg, line.status, line.to])).toEqual([
      ["text message refused by the text-message webhook", 500, "+••••••••••23"],
      [
        "text message not sent: the text-message webhook answered a redirect, which is not followed",
        308,
        "+••••••••••23",
      ],
    ]);
    expect(log.text()).not.toContain("7700900123");
  });

  it("refuses plain http at configuration, except to this machine outside production", () => {
    const options = { dataDir: dataDir(), logger: createLogger("silent") };
    const webhook = (url: string, NODE_ENV: SmsEnv["NODE_ENV"]) => () =>
      configuredSmsTransport(
        { NODE_ENV, SMS_WEBHOOK_URL: url, SMS_WEBHOOK_SECRET: SECRET },
        options,
      );
    expect(webhook("http://gw.example/sms", "development")).toThrow(ConfigError);
    expect(webhook("http://gw.example/sms", "development")).toThrow(
      "Invalid configuration: SMS_WEBHOOK_URL must be an https URL",
    );
    expect(webhook("http://127.0.0.1:5000/sms", "production")).toThrow(
      "Invalid configuration: SMS_WEBHOOK_URL must be an https URL when NODE_ENV=production",
    );
    for (const url of ["http://127.0.0.1:5000/sms", "http://localhost/sms", "http://[::1]/sms"]) {
      expect(webhook(url, "test")()?.name).toBe("webhook");
    }
    expect(webhook("https://gw.example/sms?key=abc", "production")()?.describe).toBe(
      "webhook https://gw.example/sms?key=[redacted]",
    );
  });
});

describe("outbox and choice", () => {
  it("writes one file per message outside production, prints it whole and logs the number masked", async () => {
    const dir = dataDir();
    const log = recordingLogger();
    const print = vi.fn();
    const sms = configuredSmsTransport(
      { NODE_ENV: "development" },
      { dataDir: dir, logger: log.logger, print },
    );
    expect(sms?.name).toBe("outbox");
    expect(sms?.describe).toBe(`outbox ${path.join(dir, "outbox")}`);
    await sms!.send(MESSAGE);
    const files = fs.readdirSync(path.join(dir, "outbox"));
    expect(files).toEqual([
      expect.stringMatching(/^sms-\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f]{8}\.txt$/),
    ]);
    const file = path.join(dir, "outbox", files[0]!);
    expect(fs.readFileSync(file, "utf8")).toBe(`To: ${TO}\n\nYour sign-in code is 493027\n`);
    expect(print).toHaveBeenCalledWith(`\nText message to ${TO}:\n  Your sign-in code is 493027\n`);
    expect(log.lines()).toEqual([
      expect.objectContaining({
        msg: "text message written to the outbox",
        to: "+••••••••••23",
        file,
      }),
    ]);
    expect(log.text()).not.toContain("7700900123");
    expect(log.text()).not.toContain("493027");
  });

  it("offers no transport in production without a provider", () => {
    const options = { dataDir: dataDir(), logger: createLogger("silent") };
    expect(configuredSmsTransport({ NODE_ENV: "production" }, options)).toBeNull();
    const twilio = configuredSmsTransport(
      {
        NODE_ENV: "production",
        TWILIO_ACCOUNT_SID: ACCOUNT,
        TWILIO_AUTH_TOKEN: TOKEN,
        TWILIO_FROM: "+15557654321",
      },
      options,
    );
    expect(twilio?.name).toBe("twilio");
  });

  it("refuses two providers, or a provider missing its other variables, as start-up would", () => {
    const options = { dataDir: dataDir(), logger: createLogger("silent") };
    const twilio = {
      TWILIO_ACCOUNT_SID: ACCOUNT,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_FROM: "+15557654321",
    };
    expect(() =>
      configuredSmsTransport(
        {
          NODE_ENV: "test",
          ...twilio,
          SMS_WEBHOOK_URL: "https://gw.example/sms",
          SMS_WEBHOOK_SECRET: SECRET,
        },
        options,
      ),
    ).toThrow(
      "Invalid configuration: SMS_WEBHOOK_URL must not be set with TWILIO_ACCOUNT_SID: choose one text-message provider",
    );
    expect(() =>
      configuredSmsTransport(
        { NODE_ENV: "test", TWILIO_ACCOUNT_SID: ACCOUNT, TWILIO_FROM: "+15557654321" },
        options,
      ),
    ).toThrow(ConfigError);
  });
});

describe("maskPhone", () => {
  it.each([
    ["+447700900123", "+••••••••••23"],
    ["+15557654321", "+•••••••••21"],
    ["+4915112345678", "+•••••••••••78"],
    ["07700900123", "•••••••••23"],
    ["+12", "+12"],
  ])("%s → %s", (number, masked) => {
    expect(maskPhone(number)).toBe(masked);
  });
});
