import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

// Local stand-ins for the text-message providers (app/accounts/phone/): Twilio's Messages API and
// a gateway behind the signed webhook. Each listens on 127.0.0.1 (port 0: a free one), records
// every message it accepts, and, when a test asks, answers the next calls with a failure or holds
// them unanswered (a provider that hangs).

export type SmsStandIn<Received> = {
  /** Twilio: the API's base, for TWILIO_API_URL. The webhook: the receiver, for SMS_WEBHOOK_URL. */
  url: string;
  /** The messages accepted, in order; a scripted failure or a refusal records nothing. */
  received: Received[];
  /** The next `times` calls are answered `status`; a 3xx points back here (followed, it would land). */
  failNext(status: number, times?: number): void;
  /** The next `times` calls get no answer until close(). */
  holdNext(times?: number): void;
  close(): Promise<void>;
};

type Call = { req: http.IncomingMessage; res: http.ServerResponse; body: string };
type Step = { hold: true } | { hold: false; status: number };

/** A loopback server that reads each call whole, plays the script first, then `answer`. */
async function serve<Received>(
  pathname: string,
  answer: (call: Call, received: Received[]) => void,
  failure: (status: number) => object,
): Promise<SmsStandIn<Received>> {
  const received: Received[] = [];
  const script: Step[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => {
      const step = script.shift();
      if (step?.hold) return;
      if (step) {
        const back = { location: `${origin}${req.url ?? "/"}` };
        const redirect = step.status >= 300 && step.status < 400;
        json(res, step.status, failure(step.status), redirect ? back : {});
        return;
      }
      answer({ req, res, body }, received);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}${pathname}`,
    received,
    failNext(status, times = 1) {
      for (let i = 0; i < times; i++) script.push({ hold: false, status });
    },
    holdNext(times = 1) {
      for (let i = 0; i < times; i++) script.push({ hold: true });
    },
    close() {
      // Held calls and kept-alive sockets would keep close() waiting.
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function json(res: http.ServerResponse, status: number, body: object, headers = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

export type TwilioCredentials = {
  accountSid: string;
  /** The Basic user name Twilio accepts: the account SID (with its auth token) or an API key's SID. */
  username?: string;
  /** The auth token, or the API key's secret. */
  password: string;
};

export type TwilioReceived = {
  to: string;
  body: string;
  from: string | null;
  messagingServiceSid: string | null;
  /** Who signed in: the account SID or the API key's SID. */
  username: string;
  sid: string;
};

/** Twilio's error answer (https://www.twilio.com/docs/errors). */
const twilioError = (status: number, code: number, message: string) => ({
  code,
  message,
  more_info: `https://www.twilio.com/docs/errors/${code}`,
  status,
});

/**
 * Twilio's Messages API for one account: POST /2010-04-01/Accounts/{AccountSid}/Messages.json
 * with HTTP Basic and a form body; answers 201 with the queued message, or Twilio's errors (401
 * for other credentials, 400 for a missing or malformed field). `url` is its base.
 */
export function twilioStandIn(credentials: TwilioCredentials): Promise<SmsStandIn<TwilioReceived>> {
  const username = credentials.username ?? credentials.accountSid;
  const messages = `/2010-04-01/Accounts/${credentials.accountSid}/Messages.json`;
  return serve<TwilioReceived>(
    "",
    ({ req, res, body }, received) => {
      if (req.method !== "POST" || new URL(req.url ?? "/", "http://x").pathname !== messages) {
        json(res, 404, twilioError(404, 20404, "The requested resource was not found"));
        return;
      }
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
      const [user, ...secret] = Buffer.from(basic, "base64").toString().split(":");
      if (user !== username || secret.join(":") !== credentials.password) {
        json(res, 401, twilioError(401, 20003, "Authenticate"));
        return;
      }
      const form = new URLSearchParams(body);
      const to = form.get("To");
      const from = form.get("From");
      const service = form.get("MessagingServiceSid");
      const text = form.get("Body");
      if (!to) return json(res, 400, twilioError(400, 21604, "A 'To' phone number is required."));
      if (!text) return json(res, 400, twilioError(400, 21602, "Message body is required."));
      if (!from && !service)
        return json(res, 400, twilioError(400, 21603, "A 'From' phone number is required."));
      if (!/^\+[1-9]\d{7,14}$/.test(to))
        return json(
          res,
          400,
          twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`),
        );
      const sid = `SM${crypto.randomBytes(16).toString("hex")}`;
      received.push({ to, body: text, from, messagingServiceSid: service, username: user, sid });
      json(res, 201, {
        sid,
        account_sid: credentials.accountSid,
        to,
        from,
        messaging_service_sid: service,
        body: text,
        status: "queued",
        direction: "outbound-api",
        api_version: "2010-04-01",
        uri: `/2010-04-01/Accounts/${credentials.accountSid}/Messages/${sid}.json`,
      });
    },
    (status) => twilioError(status, 20000 + status, http.STATUS_CODES[status] ?? "Error"),
  );
}

export type WebhookReceived = {
  to: string;
  body: string;
  /** The signature checked as a receiver would: over the raw body, in constant time, fresh. */
  signatureValid: boolean;
  /** The call as it came, for a test that checks the documented recipe too. */
  raw: string;
  headers: http.IncomingHttpHeaders;
};

function signatureValid(raw: string, headers: http.IncomingHttpHeaders, secret: string) {
  const header = String(headers["x-studio-signature"] ?? "");
  const parts = Object.fromEntries(header.split(",").map((part) => part.split("=", 2)));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || String(timestamp) !== headers["x-studio-timestamp"])
    return false;
  if (Math.abs(Date.now() / 1000 - timestamp) > 300) return false;
  const expected = crypto.createHmac("sha256", secret).update(`${timestamp}.${raw}`).digest();
  const given = Buffer.from(String(parts.v1 ?? ""), "hex");
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/**
 * A gateway behind the signed webhook, at `<url>` = http://127.0.0.1:<port>/sms: records each
 * POSTed `{ to, body }` with whether its signature holds under `secret`, and answers 200.
 */
export function smsWebhookReceiver(secret: string): Promise<SmsStandIn<WebhookReceived>> {
  return serve<WebhookReceived>(
    "/sms",
    ({ req, res, body }, received) => {
      if (req.method !== "POST") return json(res, 405, { error: "POST only" });
      let message: { to?: unknown; body?: unknown };
      try {
        message = JSON.parse(body);
      } catch {
        return json(res, 400, { error: "not JSON" });
      }
      received.push({
        to: String(message.to),
        body: String(message.body),
        signatureValid: signatureValid(body, req.headers, secret),
        raw: body,
        headers: req.headers,
      });
      json(res, 200, { ok: true });
    },
    (status) => ({ error: http.STATUS_CODES[status] ?? "Error" }),
  );
}

/** The six-digit code a message holds, or null. */
export function codeIn(body: string): string | null {
  return /(?<!\d)\d{6}(?!\d)/.exec(body)?.[0] ?? null;
}
