import crypto from "node:crypto";
import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { authContext } from "../../app/accounts/auth-context.server";
import { openHook, saveHook } from "../../app/announcements/index.server";
import {
  oldSecretsFromEnv,
  rotateSecret,
  rotationSummaryLine,
} from "../../app/backup/rotate-secret.server";
import type { DatabaseHandle } from "../../app/db/database.server";
import { announcementHooks, games, jwks, pressKeys, twoFactors } from "../../app/db/schema";
import { AppError } from "../../app/platform/errors/app-error";
import { type AppContext, runtimeContext } from "../../app/platform/server/context.server";
import { checkSealedKeys, keySealer } from "../../app/press-desk/index.server";
import { importKeys } from "../../app/press-desk/keys.server";
import { signedInAs } from "../support/accounts";
import { type TestEngine, testEngines } from "../support/database";
import { testContext } from "../support/runtime";
import { openForSuite } from "../support/suite";

// `studio secret rotate` (docs/deployment.md#the-secret) on each engine: the press keys, a signed
// webhook's URL and secret and the two-factor secrets and recovery codes sealed under the old
// secret open under the new one after the rotation, the duplicate check still knows the keys, and
// the signing keys are gone; an old secret that does not open them changes nothing and says what.

const OLD = "test-secret-test-secret-test-secret-1234"; // tests/support/runtime.ts's
const NEW = "rotated-secret-rotated-secret-rotated-5678";
const PRESS = "press-keys-secret-press-keys-secret-9012";
const WRONG = "wrong-secret-wrong-secret-wrong-secret-00";

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).message;
}

describe.each(testEngines())(
  "secret rotation on $name",
  { timeout: 120_000 },
  (engine: TestEngine) => {
    let handle: DatabaseHandle;
    let context: AppContext;
    openForSuite(engine, (opened) => {
      ({ handle, context } = opened);
    });

    /** The sealed rows as stored: what a refused rotation must leave as it was. */
    async function sealedRows() {
      const { db } = handle;
      return {
        keys: await db.select().from(pressKeys).orderBy(pressKeys.id),
        hooks: await db.select().from(announcementHooks).orderBy(announcementHooks.id),
        factors: await db.select().from(twoFactors).orderBy(twoFactors.id),
        jwks: await db.select().from(jwks),
      };
    }

    it("re-seals everything under the new secret in one go, and refuses an old secret that does not open it", async () => {
      const { db, env } = context.get(runtimeContext);
      expect(env.AUTH_SECRET).toBe(OLD);
      const owner = await signedInAs(context, "owner");
      const guest = await signedInAs(context, "guest");
      const actor = { id: owner.id, email: owner.email };
      const [game] = await db
        .insert(games)
        .values({
          title: "Lantern Deep",
          description: "A game.",
          imageUrl: "/x.png",
          url: "https://example.com",
          displayOrder: 1,
          slug: "lantern-deep",
        })
        .returning();
      const keys = ["ROTATE-KEY-0001", "ROTATE-KEY-0002"];
      const batch = {
        gameId: game!.id,
        platform: "Steam",
        text: keys.join("\n"),
        embargoUntil: null,
      };
      await importKeys(db, keySealer(env), actor, batch);
      const hookUrl = "https://hooks.example.com/studio";
      const hook = await saveHook(db, env, {
        hookId: "",
        kind: "webhook",
        scope: "studio",
        label: "Our bot",
        url: hookUrl,
        roleId: "",
        threadName: "",
      });
      const totp = crypto.randomBytes(20).toString("base64url");
      const codes = '["code-1","code-2"]';
      const seal = (data: string) => symmetricEncrypt({ key: OLD, data });
      await db.insert(twoFactors).values([
        {
          id: crypto.randomUUID(),
          secret: await seal(totp),
          backupCodes: await seal(codes),
          userId: owner.id,
        },
        // Recovery codes only: no app, an empty secret.
        { id: crypto.randomUUID(), secret: "", backupCodes: await seal(codes), userId: guest.id },
      ]);
      await db.insert(jwks).values({
        id: crypto.randomUUID(),
        publicKey: '{"kty":"OKP"}',
        privateKey: JSON.stringify(await seal('{"kty":"OKP","d":"private"}')),
      });

      const before = await sealedRows();
      expect(
        await refusal(rotateSecret(db, { from: { AUTH_SECRET: WRONG }, to: { AUTH_SECRET: NEW } })),
      ).toBe(
        "The old secret does not open 2 of 2 press keys, 2 of 2 announcement hook URLs and secrets, 3 of 3 two-factor secrets and recovery codes; nothing was changed.",
      );
      const wrongPress = { AUTH_SECRET: OLD, PRESS_KEYS_SECRET: WRONG };
      expect(await refusal(rotateSecret(db, { from: wrongPress, to: { AUTH_SECRET: NEW } }))).toBe(
        "The old secret does not open 2 of 2 press keys; nothing was changed.",
      );
      expect(await refusal(rotateSecret(db, { from: { AUTH_SECRET: OLD }, to: env }))).toMatch(
        /^The old secret is the configured one/,
      );
      expect(await sealedRows()).toEqual(before);

      const summary = await rotateSecret(db, {
        from: { AUTH_SECRET: OLD },
        to: { AUTH_SECRET: NEW },
      });
      expect(summary).toEqual({
        pressKeys: 2,
        hooks: 1,
        factors: 2,
        signingKeys: 1,
        pressKeysSecret: false,
      });
      expect(rotationSummaryLine(summary)).toBe(
        "Re-sealed 2 press keys, 1 announcement hook and 2 two-factor records, and deleted 1 service token signing key. Now set AUTH_SECRET to the new values on every process and restart them: everyone signs in again, and service tokens made before no longer verify.",
      );

      // A runtime on the new secret.
      const rotatedContext = testContext(handle, { env: { AUTH_SECRET: NEW } });
      const rotated = rotatedContext.get(runtimeContext).env;
      const sealer = keySealer(rotated);
      const stored = await db.select().from(pressKeys).orderBy(pressKeys.sealed);
      expect(stored.map((row) => sealer.open(row.sealed, row)).sort()).toEqual(keys);
      // The duplicate check knows them under the new secret.
      expect(await importKeys(db, sealer, actor, batch)).toEqual({ added: 0, skipped: 2 });
      const [savedHook] = await db.select().from(announcementHooks);
      expect(openHook(rotated, savedHook!)).toEqual({ url: hookUrl, secret: hook.secret });
      const factors = await db.select().from(twoFactors);
      const open = (data: string) => symmetricDecrypt({ key: NEW, data });
      const ownerFactor = factors.find((row) => row.userId === owner.id)!;
      expect(await open(ownerFactor.secret)).toBe(totp);
      expect(await open(ownerFactor.backupCodes)).toBe(codes);
      const guestFactor = factors.find((row) => row.userId === guest.id)!;
      expect(guestFactor.secret).toBe("");
      expect(await open(guestFactor.backupCodes)).toBe(codes);
      // The two-factor plugin on the new secret reads the recovery codes.
      const viewed = await rotatedContext
        .get(authContext)
        .api.viewBackupCodes({ body: { userId: owner.id } });
      expect(viewed.backupCodes).toEqual(["code-1", "code-2"]);
      expect(await db.select().from(jwks)).toEqual([]);

      // Moving the press keys alone to PRESS_KEYS_SECRET.
      const withPress = { AUTH_SECRET: NEW, PRESS_KEYS_SECRET: PRESS };
      const moved = await rotateSecret(db, { from: { AUTH_SECRET: NEW }, to: withPress });
      expect(rotationSummaryLine(moved)).toContain("Now set AUTH_SECRET and PRESS_KEYS_SECRET");
      expect(await checkSealedKeys(db, keySealer(withPress))).toMatchObject({
        sealed: 2,
        opened: 2,
      });
    });

    it("reads the old secrets from the variables named, never from the command line", () => {
      const environment = { OLD_AUTH_SECRET: OLD, OLD_PRESS: PRESS, EMPTY: " " };
      expect(oldSecretsFromEnv({ "from-env": "OLD_AUTH_SECRET" }, environment)).toEqual({
        AUTH_SECRET: OLD,
      });
      expect(
        oldSecretsFromEnv(
          { "from-env": "OLD_AUTH_SECRET", "press-from-env": "OLD_PRESS" },
          environment,
        ),
      ).toEqual({ AUTH_SECRET: OLD, PRESS_KEYS_SECRET: PRESS });
      expect(() => oldSecretsFromEnv({ "from-env": "EMPTY" }, environment)).toThrow(
        "--from-env EMPTY: the environment variable EMPTY is empty.",
      );
      expect(() => oldSecretsFromEnv({}, environment)).toThrow(/needs --from-env VAR/);
    });
  },
);
