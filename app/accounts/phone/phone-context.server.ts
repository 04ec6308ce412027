import { createContext } from "react-router";
import { type AppContext, runtimeContext } from "~/platform/server/context.server";
import { authContext } from "../auth-context.server";
import type { PhoneDeps } from "./phone-factor.server";
import type { SmsTransport } from "./sms-transport.server";

/** Where sign-in codes by text message go (null: phones are not offered), per router context. */
export const smsContext = createContext<SmsTransport | null>(null);

/** What the phone factor's calls need, from a request's router context. */
export async function phoneDeps(context: AppContext): Promise<PhoneDeps> {
  const { db, limits, logger, mailer, env } = context.get(runtimeContext);
  const auth = await context.get(authContext).$context;
  return {
    db,
    limits,
    logger,
    mailer,
    siteUrl: env.SITE_URL,
    sms: context.get(smsContext),
    authSecret: auth.secretConfig,
  };
}
