import { signature } from "~/platform/crypto/webhook-signature.server";
import { maskUrl } from "~/platform/logging/logger.server";
import { type ProviderDeps, postToProvider, type SmsTransport } from "./sms-send.server";

// Any gateway (docs/configuration.md#text-messages-sign-in-codes): a JSON POST `{ to, body }`,
// signed as the announcement webhooks are, so one receiver recipe verifies both; 2xx is accepted.

export type SmsWebhookConfig = { url: string; secret: string };

export function smsWebhookTransport(config: SmsWebhookConfig, deps: ProviderDeps): SmsTransport {
  return {
    name: "webhook",
    describe: `webhook ${maskUrl(config.url)}`,
    async send(message) {
      const body = JSON.stringify({ to: message.to, body: message.body });
      const timestamp = Math.floor(Date.now() / 1000);
      const answer = await postToProvider(
        deps,
        {
          provider: "the text-message webhook",
          url: config.url,
          headers: {
            "content-type": "application/json",
            "x-studio-timestamp": String(timestamp),
            "x-studio-signature": signature(config.secret, timestamp, body),
          },
          body,
        },
        message,
      );
      await answer.body?.cancel().catch(() => {});
    },
  };
}
