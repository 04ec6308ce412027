import { RouterContextProvider } from "react-router";
import { type Auth, authContext, type SmsTransport, smsContext } from "~/accounts/index.server";
import {
  type RequestFacts,
  requestContext,
  runtimeContext,
  type Services,
} from "~/platform/server/context.server";
import type { Microcache } from "~/platform/server/microcache.server";

/** Everything a request may use, built once at start-up (create-runtime.server.ts). */
export type Runtime = Services & { auth: Auth; pageCache: Microcache; sms: SmsTransport | null };

/** One request's router context: the runtime's services, the auth library and the request's facts. */
export function routerContextFor(runtime: Runtime, facts: RequestFacts): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(runtimeContext, runtime);
  context.set(authContext, runtime.auth);
  context.set(smsContext, runtime.sms);
  context.set(requestContext, facts);
  return context;
}
