import { DatabaseUnavailableError } from "~/db/availability.server";
import { AppError } from "~/platform/errors/app-error";
import { type AppContext, runtimeContext } from "~/platform/server/context.server";
import { apiKeyOwner } from "./api-keys.server";
import { authContext } from "./auth-context.server";
import { callerById, getSessionUser, type SessionUser } from "./session.server";
import { API_KEY_HEADER, SERVICE_TOKEN_LIFETIME } from "./tokens";

// Who calls the REST API: a personal API key (`x-api-key`), a service token
// (`Authorization: Bearer <JWT>`) or the session cookie, in that order. A presented key or token
// that does not hold is refused (401) — never read as a guest — and no answer about it is kept, so
// a revoked key fails on its next request on every process.

const BEARER = /^Bearer[ \t]+([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)[ \t]*$/;

export async function identifyApiCaller(
  request: Request,
  context: AppContext,
): Promise<SessionUser | null> {
  const key = request.headers.get(API_KEY_HEADER);
  if (key !== null) {
    const owner = await apiKeyOwner(context, key.trim());
    return (
      (owner && (await callerById(context.get(runtimeContext).db, owner))) ||
      refuse(context, "The API key is not valid.")
    );
  }
  const authorization = request.headers.get("authorization");
  if (authorization !== null) {
    const token = BEARER.exec(authorization)?.[1];
    const subject = token ? await serviceTokenSubject(context, token) : null;
    return (
      (subject && (await callerById(context.get(runtimeContext).db, subject))) ||
      refuse(context, "The bearer token is not valid or has expired.")
    );
  }
  return getSessionUser(request, context);
}

/**
 * A key or token that does not hold: 401. The plugins answer "not valid" for a database they could
 * not reach too, so the refusal stands only when the database answers; else it is a 503 and the
 * caller keeps its credential rather than hearing it is dead.
 */
async function refuse(context: AppContext, message: string): Promise<never> {
  try {
    await context.get(runtimeContext).ping();
  } catch (error) {
    throw new DatabaseUnavailableError(error);
  }
  throw new AppError("unauthenticated", message);
}

/** The user a service token of ours names, when its signature, issuer, audience and time hold. */
async function serviceTokenSubject(context: AppContext, token: string) {
  if (token.length > 4096) return null;
  const answer = await context
    .get(authContext)
    .api.verifyJWT({ body: { token } })
    .catch(() => null);
  const subject = answer?.payload?.sub;
  return typeof subject === "string" ? subject : null;
}

/** A service token for the owner of an API key (POST /api/v1/auth/token). */
export async function issueServiceToken(context: AppContext, key: string) {
  const owner = await apiKeyOwner(context, key.trim());
  const caller = owner ? await callerById(context.get(runtimeContext).db, owner) : null;
  if (!caller) return refuse(context, "The API key is not valid.");
  const { token } = await context.get(authContext).api.signJWT({
    body: {
      payload: {
        sub: caller.id,
        email: caller.email,
        iat: Math.floor(Date.now() / 1000),
      },
    },
  });
  return {
    access_token: token,
    token_type: "Bearer" as const,
    expires_in: SERVICE_TOKEN_LIFETIME,
  };
}
