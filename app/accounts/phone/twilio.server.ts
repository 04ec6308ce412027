import {
  maskNumbersIn,
  type ProviderDeps,
  postToProvider,
  type SmsTransport,
} from "./sms-send.server";

// Twilio's Messages API (docs/configuration.md#text-messages-sign-in-codes): one form POST per
// message, signed in with the account's auth token or with an API key; 2xx (201) is accepted.

export const TWILIO_API_URL = "https://api.twilio.com";

export type TwilioConfig = {
  accountSid: string;
  /** HTTP Basic: the account SID and its auth token, or an API key's SID (SK…) and secret. */
  username: string;
  password: string;
  /** A Twilio number in E.164 form, or a messaging service's SID (MG…). */
  from: string;
  apiUrl?: string;
};

/** Twilio's error answer: `{ code, message, more_info, status }`; the message may quote the number. */
async function twilioReason(answer: Response): Promise<Record<string, unknown>> {
  const text = (await answer.text()).slice(0, 4096);
  const error = JSON.parse(text) as { code?: unknown; message?: unknown };
  return {
    ...(typeof error.code === "number" ? { code: error.code } : {}),
    ...(typeof error.message === "string" ? { error: maskNumbersIn(error.message) } : {}),
  };
}

export function twilioTransport(config: TwilioConfig, deps: ProviderDeps): SmsTransport {
  const base = (config.apiUrl ?? TWILIO_API_URL).replace(/\/+$/, "");
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const service = config.from.startsWith("MG");
  const authorization = `Basic ${Buffer.from(`${config.username}:${config.password}`).toString("base64")}`;
  const sender = service
    ? `messaging service ${config.from.slice(0, 6)}…`
    : `sender ${config.from.slice(0, 5)}…`;
  return {
    name: "twilio",
    describe: `Twilio${base === TWILIO_API_URL ? "" : ` at ${base}`} (${sender})`,
    async send(message) {
      const form = new URLSearchParams({ To: message.to, Body: message.body });
      form.set(service ? "MessagingServiceSid" : "From", config.from);
      const answer = await postToProvider(
        deps,
        {
          provider: "Twilio",
          url,
          headers: {
            authorization,
            accept: "application/json",
            "content-type": "application/x-www-form-urlencoded",
          },
          body: form.toString(),
        },
        message,
        twilioReason,
      );
      await answer.body?.cancel().catch(() => {});
    },
  };
}
