import { AppError } from "~/platform/errors/app-error";
import { z } from "~/platform/forms/zod";
import { DeletedSchema } from "~/platform/http/api-shapes";
import {
  type ApiCaller,
  defineEndpoint,
  type Endpoint,
  listEndpoint,
} from "~/platform/http/endpoint";
import { type AppContext, requestContext, runtimeContext } from "~/platform/server/context.server";
import type { Permission } from "~/roles";
import { CONFIRMATION_MINUTES, CONFIRMATION_REQUIRED } from "./confirmation";
import { confirmSession, isRecentlyConfirmed } from "./confirmation.server";
import type { Factor } from "./factors";
import { listFactors, phoneFactor, removeFactorUnlessLast } from "./factors.server";
import { phoneDeps } from "./phone/phone-context.server";
import { challengePhone, startPhoneEnrolment, verifyPhoneCode } from "./phone/phone-factor.server";
import { PhoneCodeSchema, PhoneEnrolSchema } from "./phone/phone-schema";

// The caller's own sign-in factors through the API (docs/api.md#factors), in the call shape of the
// spec's backend client: list, add a phone, challenge it, verify a code, remove. Any signed-in
// account, for its own factors only. Every write needs the caller's session confirmed lately
// (docs/accounts-and-security.md#ways-in): an API key or a service token never plants or removes
// a factor, so one that leaks cannot keep the account. Only a phone is added here: an
// authenticator app and a passkey need the browser (a QR code, WebAuthn) and are added in the
// profile.

const PERMISSION = "canManageOwnFactors" satisfies Permission;

const ADD_IN_PROFILE = new Map<unknown, string>([
  ["totp", "Authenticator apps are added in your profile: the app scans a QR code shown there."],
  ["webauthn", "Passkeys are added in your profile: your browser and your device make them."],
]);
const FACTOR_TYPE_RULE = 'factor_type must be "phone".';
const ISSUER_REFUSED =
  "issuer names an authenticator app's account, and authenticator apps are added in your profile.";
const APP_IN_PROFILE = "The authenticator app is turned off in your profile, with your password.";
const LAST_FACTOR = "Remove your last sign-in factor in your profile, with your password.";
const NOT_YOURS = "You have no sign-in factor with that id.";
const NO_PHONE = "You have no phone with that id: only a phone is sent codes here.";

/** A factor as the API answers it (the spec's id, status, factor_type, friendly_name, and more). */
const ApiFactorSchema = z.object({
  id: z.string(),
  factor_type: z.enum(["totp", "phone", "webauthn"]),
  friendly_name: z.string(),
  status: z.enum(["verified", "unverified"]),
  created_at: z.string().nullable().describe("When it was added; null for an authenticator app."),
  last_used_at: z.string().nullable().describe("Its last sign-in; null if never, or not kept."),
  phone: z.string().nullable().describe("A phone's number masked to its last two digits."),
});

const apiFactor = (factor: Factor): z.input<typeof ApiFactorSchema> => ({
  id: factor.id,
  factor_type: factor.type,
  friendly_name: factor.friendlyName,
  status: factor.status,
  created_at: factor.createdAt,
  last_used_at: factor.lastUsed,
  phone: factor.phone,
});

// factor_type first: for an app or a passkey, its sentence is the answer's message.
const AddFactorBody = z.object({
  factor_type: z
    .literal("phone", {
      error: (issue) => ADD_IN_PROFILE.get(issue.input) ?? FACTOR_TYPE_RULE,
    })
    .describe('"phone": codes by text message. "totp" and "webauthn" are added in the profile.'),
  friendly_name: PhoneEnrolSchema.shape.name,
  phone: PhoneEnrolSchema.shape.phone.describe("In international form: +46 70 123 45 67."),
  issuer: z
    .string({ error: ISSUER_REFUSED })
    .optional()
    .refine((issuer) => issuer === undefined, ISSUER_REFUSED)
    .describe("The spec's TOTP field: always refused here, as authenticator apps are."),
});

const ChallengeSchema = z.object({
  id: z.string().describe("The challenge: send it back to verify."),
  factor_id: z.string(),
  expires_at: z.string(),
});

const AddedFactorSchema = z.object({
  id: z.string(),
  factor_type: z.literal("phone"),
  friendly_name: z.string(),
  status: z.literal("unverified"),
  challenge: z.object({ id: z.string(), expires_at: z.string() }),
});

const VerifyBody = z.object({
  challenge_id: PhoneCodeSchema.shape.challengeId,
  code: PhoneCodeSchema.shape.code,
});

const VerifiedSchema = z.object({
  factor: ApiFactorSchema,
  expires_in: z
    .number()
    .int()
    .describe("Seconds the caller's session now counts as confirmed: verifying confirms it."),
  backup_codes: z
    .array(z.string())
    .optional()
    .describe("Recovery codes, once: when the phone became the account's first factor."),
});

/** The address Express resolved (TRUST_PROXY aware): what the text messages' limits count. */
const clientIp = (context: AppContext) => context.get(requestContext).clientIp;

/**
 * The caller's factor by id (any text: it is matched among their own, never put in a query);
 * another account's, or none, is a 404 alike. `only`: a factor of another type is none.
 */
async function ownFactor(
  context: AppContext,
  caller: ApiCaller,
  factorId: string | undefined,
  only?: "phone",
) {
  const factors = await listFactors(context.get(runtimeContext).db, caller.id);
  const factor = factors.find((f) => f.id === factorId && (!only || f.type === only));
  if (!factor) throw new AppError("not_found", only ? NO_PHONE : NOT_YOURS);
  return factor;
}

/** A write's guard: the caller's own session, signed in or its password entered lately. */
async function requireConfirmedSession(context: AppContext, caller: ApiCaller) {
  const sessionId = caller.sessionId ?? "";
  if (await isRecentlyConfirmed(context.get(runtimeContext).db, sessionId)) return sessionId;
  throw new AppError("forbidden", CONFIRMATION_REQUIRED, { code: "confirmation_required" });
}

const SESSION_ONLY = `a session confirmed in the last ${CONFIRMATION_MINUTES} minutes`;

export const FACTORS_ENDPOINTS: Endpoint<Permission>[] = [
  listEndpoint({
    path: "factors",
    summary: "Your own sign-in factors: the authenticator app, the phone, then passkeys",
    permission: PERMISSION,
    item: ApiFactorSchema,
    statuses: [200, 400, 401, 403, 429, 503],
    read: async ({ context, caller }) =>
      (await listFactors(context.get(runtimeContext).db, caller.id)).map(apiFactor),
  }),
  defineEndpoint({
    method: "POST",
    path: "factors",
    summary: `Add a phone and text it its first code (needs ${SESSION_ONLY})`,
    permission: PERMISSION,
    body: AddFactorBody,
    response: AddedFactorSchema,
    // 409: the account has a phone already; 429: the text messages' limits; 503: not sent.
    statuses: [201, 400, 401, 403, 409, 429, 503],
    run: async ({ context, caller, input }) => {
      await requireConfirmedSession(context, caller);
      const sent = await startPhoneEnrolment(
        await phoneDeps(context),
        caller,
        { name: input.friendly_name, phone: input.phone },
        clientIp(context),
      );
      return {
        id: sent.factorId,
        factor_type: "phone" as const,
        friendly_name: input.friendly_name,
        status: "unverified" as const,
        challenge: { id: sent.challengeId, expires_at: sent.expiresAt },
      };
    },
  }),
  defineEndpoint({
    method: "POST",
    path: "factors/:factorId/challenge",
    summary: `Text a new code to your phone, added or being added (needs ${SESSION_ONLY})`,
    permission: PERMISSION,
    response: ChallengeSchema,
    statuses: [200, 400, 401, 403, 404, 429, 503],
    run: async ({ context, caller, params }) => {
      const phone = await ownFactor(context, caller, params.factorId, "phone");
      await requireConfirmedSession(context, caller);
      const sent = await challengePhone(
        await phoneDeps(context),
        caller,
        phone.id,
        clientIp(context),
      );
      return { id: sent.challengeId, factor_id: sent.factorId, expires_at: sent.expiresAt };
    },
  }),
  defineEndpoint({
    method: "POST",
    path: "factors/:factorId/verify",
    summary: `Check a code your phone was sent; a phone being added is added (needs ${SESSION_ONLY})`,
    permission: PERMISSION,
    body: VerifyBody,
    response: VerifiedSchema,
    statuses: [200, 400, 401, 403, 404, 429, 503],
    run: async ({ context, caller, params, input }) => {
      await ownFactor(context, caller, params.factorId, "phone");
      const sessionId = await requireConfirmedSession(context, caller);
      const verified = await verifyPhoneCode(await phoneDeps(context), caller, {
        challengeId: input.challenge_id,
        code: input.code,
      });
      // A factor checked from the session confirms it, as the password entered again does.
      const confirmed = await confirmSession(context.get(runtimeContext).db, sessionId);
      return {
        factor: apiFactor(phoneFactor(verified.factor)),
        expires_in: confirmed ? CONFIRMATION_MINUTES * 60 : 0,
        ...(verified.backupCodes ? { backup_codes: verified.backupCodes } : {}),
      };
    },
  }),
  defineEndpoint({
    method: "DELETE",
    path: "factors/:factorId",
    summary: `Remove your phone or a passkey, never the last factor (needs ${SESSION_ONLY})`,
    permission: PERMISSION,
    response: DeletedSchema,
    // 409: the account's last verified factor, which goes only with the password.
    statuses: [200, 400, 401, 403, 404, 409, 429, 503],
    run: async ({ context, caller, params }) => {
      const factor = await ownFactor(context, caller, params.factorId);
      if (factor.type === "totp") throw new AppError("invalid", APP_IN_PROFILE);
      await requireConfirmedSession(context, caller);
      const result = await removeFactorUnlessLast(
        context.get(runtimeContext).db,
        caller.id,
        factor.id,
      );
      if (result === "missing") throw new AppError("not_found", NOT_YOURS);
      if (result === "last") throw new AppError("conflict", LAST_FACTOR, { code: "last_factor" });
      return { deleted: factor.id };
    },
  }),
];
