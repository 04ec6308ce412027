import { type Logger, redactSecrets } from "~/platform/logging/logger.server";

// What every text-message transport shares (sms-transport.server.ts picks one): the message, the
// failure, the masked number every log line shows, and the one HTTP call to a provider.

export type SmsMessage = {
  /** E.164, such as "+447700900123". */
  to: string;
  body: string;
};

export type SmsTransportName = "twilio" | "webhook" | "outbox";

export type SmsTransport = {
  name: SmsTransportName;
  /** For the start-up log line, without secrets: "Twilio (sender +1555…)", "webhook https://gw.example/sms". */
  describe: string;
  /**
   * Resolves once the provider accepted the message; rejects with SmsSendError otherwise, after
   * logging the provider's reason (the error carries neither the number nor the provider's words).
   */
  send(message: SmsMessage): Promise<void>;
};

export class SmsSendError extends Error {
  name = "SmsSendError";
  /** The provider's HTTP status; null when it did not answer in time or could not be reached. */
  readonly status: number | null;

  constructor(message: string, status: number | null) {
    super(message);
    this.status = status;
  }
}

/** A number fit for a log line: every digit but the last two hidden, "+••••••••••23". */
export function maskPhone(e164: string): string {
  let left = e164.replace(/\D/g, "").length;
  return e164.replace(/\d/g, (digit) => (left-- > 2 ? "•" : digit));
}

/** A provider's free text with every number in it masked ("The 'To' number +44… is not valid"). */
export function maskNumbersIn(text: string): string {
  return text.replace(/\+?\d{5,}/g, maskPhone);
}

/** What a transport that calls a provider needs from the runtime (or a test). */
export type ProviderDeps = { logger: Logger; fetch: typeof fetch; timeoutMs: number };

/**
 * One POST to a provider. No redirect is followed (it could lead the message anywhere) and the
 * answer must come within `timeoutMs`. Resolves with a 2xx answer; otherwise logs and rejects.
 */
export async function postToProvider(
  deps: ProviderDeps,
  request: { provider: string; url: string; headers: Record<string, string>; body: string },
  message: SmsMessage,
  /** The provider's own reason for a refusal, read from its answer, for the log only. */
  reasonOf: (answer: Response) => Promise<Record<string, unknown>> = async () => ({}),
): Promise<Response> {
  const to = maskPhone(message.to);
  let answer: Response;
  try {
    answer = await deps.fetch(request.url, {
      method: "POST",
      headers: { "user-agent": "studio-site text messages", ...request.headers },
      body: request.body,
      redirect: "manual",
      signal: AbortSignal.timeout(deps.timeoutMs),
    });
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const reason = redactSecrets(cause instanceof Error ? cause.message : String(cause));
    deps.logger.warn(
      { to, error: reason },
      `text message not sent: no answer from ${request.provider}`,
    );
    throw new SmsSendError(`No answer from ${request.provider}`, null);
  }
  if (answer.status >= 200 && answer.status < 300) return answer;
  const reason = await reasonOf(answer).catch(() => ({}));
  await answer.body?.cancel().catch(() => {});
  const redirect = answer.status >= 300 && answer.status < 400;
  deps.logger.warn(
    { ...reason, to, status: answer.status },
    redirect
      ? `text message not sent: ${request.provider} answered a redirect, which is not followed`
      : `text message refused by ${request.provider}`,
  );
  throw new SmsSendError(
    `${request.provider} ${redirect ? "answered a redirect" : "refused the message"} (HTTP ${answer.status})`,
    answer.status,
  );
}
