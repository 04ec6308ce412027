import { execFileSync } from "node:child_process";
import path from "node:path";
import type { Page } from "@playwright/test";
import { OAuth2Server } from "oauth2-mock-server";
import { axeViolations } from "../support/axe";
import { gotoHydrated } from "../support/browser";
import { accountMenu, openAccountMenu } from "../support/browser-accounts";
import { mailsIn } from "../support/outbox";
import { expectToast } from "../support/toasts";
import { secretOf, totp } from "../support/totp";
import { NEW_PASSWORD, uniqueEmail, uniqueId } from "../support/users";
import { expect, statusMessage, test } from "./fixtures";
import {
  freePort,
  freshDataDir,
  killLeftoverServers,
  ROOT,
  type ServerProcess,
  startServer,
} from "./server-process";

// Sign-in with a real OpenID Connect provider on loopback (oauth2-mock-server: discovery, JWKS,
// signed ID tokens, and it checks the PKCE verifier against the challenge), configured through the
// generic provider's variables of a site process started here. What the provider says of the
// user (subject, e-mail, whether it verified it) is set per test.
test.describe.configure({ mode: "serial" });
test.slow();

let provider: OAuth2Server;
let site: ServerProcess;
let claims: Record<string, unknown> = {};
const PROVIDER_NAME = "Studio ID";
const existing = { email: uniqueEmail("existing"), password: NEW_PASSWORD };
const guarded = { email: uniqueEmail("guarded"), password: NEW_PASSWORD };
const owner = { email: uniqueEmail("owner"), password: NEW_PASSWORD };
let outbox = "";

test.beforeAll(async () => {
  // Three accounts made by the command line, then a server started: a minute on a busy machine.
  test.setTimeout(180_000);
  provider = new OAuth2Server();
  await provider.issuer.keys.generate("RS256");
  provider.service.on("beforeTokenSigning", (token) => Object.assign(token.payload, claims));
  provider.service.on("beforeUserinfo", (userInfo) => {
    userInfo.body = { ...claims };
  });
  await provider.start(await freePort(), "127.0.0.1");
  const dataDir = freshDataDir("oauth-site");
  outbox = path.join(dataDir, "outbox");
  const env = {
    OIDC_ISSUER: provider.issuer.url ?? "",
    OIDC_CLIENT_ID: "studio-site",
    OIDC_CLIENT_SECRET: "a-client-secret",
    OIDC_NAME: PROVIDER_NAME,
    TRUST_PROXY: "loopback",
  };
  // Verified accounts with a password, made as `studio user create` makes one.
  for (const account of [existing, guarded, owner]) {
    execFileSync(
      process.execPath,
      [
        "build/cli/studio.js",
        "user",
        "create",
        "--email",
        account.email,
        "--password",
        account.password,
        ...(account === owner ? ["--role", "owner"] : []),
      ],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" } },
    );
  }
  site = await startServer({ dataDir, env });
});

// Pass or fail, retried or not: the site and the provider end with the file. A site still
// starting when beforeAll failed (`site` unset) is ended by killLeftoverServers; a worker that
// exits or is killed leaves none either (tests/support/process-registry.ts).
test.afterAll(async () => {
  try {
    await site?.stop(5_000);
  } finally {
    await killLeftoverServers();
    await provider?.stop();
  }
});

const at = (path: string) => `${site.url}${path}`;

async function continueWithProvider(page: Page, path = "/auth") {
  await gotoHydrated(page, at(path));
  await page.getByRole("button", { name: `Continue with ${PROVIDER_NAME}` }).click();
}

async function signInWithPassword(page: Page, account = existing) {
  const answer = await page.request.post(at("/auth"), {
    form: { intent: "login", email: account.email, password: account.password },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(302);
}

test("a new user signs in with the provider and gets an account", async ({
  page,
  allowConsoleMessage,
}) => {
  allowConsoleMessage(statusMessage(409));
  const email = uniqueEmail("oidc-new");
  claims = { sub: `new-${uniqueId()}`, email, email_verified: true, name: "New Player" };
  const authorize: URL[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith(`${provider.issuer.url}/authorize`)) {
      authorize.push(new URL(request.url()));
    }
  });
  await gotoHydrated(page, at("/auth"));
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("button", { name: `Continue with ${PROVIDER_NAME}` }).click();
  await expect(page).toHaveURL((url) => url.origin === site.url && url.pathname === "/");
  await expect(accountMenu(page, email)).toBeVisible();
  // The authorization request carried a state and a PKCE challenge (S256), never a secret.
  const sent = authorize[0];
  expect(sent?.searchParams.get("state")).toBeTruthy();
  expect(sent?.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(sent?.searchParams.get("code_challenge_method")).toBe("S256");
  expect(sent?.searchParams.has("client_secret")).toBe(false);

  // The provider is its only way in: unlinking it is refused.
  await gotoHydrated(page, at("/profile"));
  const card = page.getByTestId("linked-accounts");
  await expect(card).toContainText(PROVIDER_NAME);
  await expect(page.getByText("Your account has no password yet")).toBeVisible();
  await page.getByRole("button", { name: `Unlink ${PROVIDER_NAME}` }).click();
  await expectToast(
    page,
    "Error",
    "This is your only way to sign in. Set a password or add a passkey before unlinking it.",
  );
  await expect(card).toContainText(PROVIDER_NAME);
});

test("an account with a password links the provider, signs in with it, and unlinks it", async ({
  page,
}) => {
  claims = { sub: `link-${uniqueId()}`, email: existing.email, email_verified: true };
  await signInWithPassword(page);
  await gotoHydrated(page, at("/profile"));
  await page.getByRole("button", { name: `Link ${PROVIDER_NAME}` }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/profile");
  await expect(page.getByTestId("linked-accounts")).toContainText(PROVIDER_NAME);

  // Signed out, the provider signs in to the same account.
  await page.context().clearCookies();
  await continueWithProvider(page);
  await expect(accountMenu(page, existing.email)).toBeVisible();

  await gotoHydrated(page, at("/profile"));
  await page.getByRole("button", { name: `Unlink ${PROVIDER_NAME}` }).click();
  await expectToast(page, "Account unlinked");
  await expect(page.getByTestId("linked-accounts")).toHaveCount(0);
  await expect(page.getByRole("button", { name: `Link ${PROVIDER_NAME}` })).toBeVisible();
});

test("with two-factor on, a provider sign-in still asks for the code", async ({ page }) => {
  claims = { sub: `guarded-${uniqueId()}`, email: guarded.email, email_verified: true };
  await signInWithPassword(page, guarded);
  // Two-factor on with an authenticator app, then the provider linked.
  await gotoHydrated(page, at("/profile"));
  const security = page.locator("section#security");
  await security.getByLabel("Confirm your password to begin").fill(guarded.password);
  await security.getByRole("button", { name: "Set up two-factor" }).click();
  await security.getByText("Can't scan? Show the setup key").click();
  const secret = secretOf((await security.getByTestId("totp-uri").textContent()) ?? "");
  await security.getByLabel("3. Enter the 6-digit code to finish").fill(totp(secret));
  await security.getByRole("button", { name: "Turn on two-factor" }).click();
  await expect(security.getByText("Two-factor authentication: On")).toBeVisible();
  await page.getByRole("button", { name: `Link ${PROVIDER_NAME}` }).click();
  await expect(page.getByTestId("linked-accounts")).toContainText(PROVIDER_NAME);

  // Signed out, the provider's return is not a session yet: the code step comes first.
  await page.context().clearCookies();
  await continueWithProvider(page, "/auth?redirectTo=%2Fprofile");
  await expect(page).toHaveURL((url) => url.pathname === "/auth/two-factor");
  expect((await page.request.get(at("/profile"), { maxRedirects: 0 })).status()).toBe(401);
  await expect(accountMenu(page)).toHaveCount(0);

  // The app's next code (the one that turned two-factor on is spent) finishes it, where it was going.
  await page.getByLabel("Code", { exact: true }).fill(totp(secret, Date.now() + 30_000));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL((url) => url.origin === site.url && url.pathname === "/profile");
  await expect(accountMenu(page, guarded.email)).toBeVisible();
});

test("a provider account whose e-mail it did not verify is not merged into an existing user", async ({
  page,
}) => {
  claims = { sub: `evil-${uniqueId()}`, email: existing.email, email_verified: false };
  await continueWithProvider(page);
  await expect(page).toHaveURL((url) => url.pathname === "/auth");
  await expect(page.getByRole("alert")).toContainText(
    "the sign-in service did not confirm the address is yours",
  );
  await expect(accountMenu(page)).toHaveCount(0);
  const me = await page.request.get(at("/profile"), { maxRedirects: 0 });
  expect(me.status()).toBe(401);
});

test("a provider account whose e-mail it did not verify makes no new account", async ({ page }) => {
  const email = uniqueEmail("unverified-new");
  claims = { sub: `unverified-${uniqueId()}`, email, email_verified: false };
  await continueWithProvider(page);
  await expect(page).toHaveURL((url) => url.pathname === "/auth");
  await expect(page.getByRole("alert")).toContainText("did not confirm your e-mail address");
  await expect(accountMenu(page)).toHaveCount(0);
  expect((await page.request.get(at("/profile"), { maxRedirects: 0 })).status()).toBe(401);
});

test("a callback with a wrong state is refused", async ({ page }) => {
  claims = { sub: `state-${uniqueId()}`, email: uniqueEmail("state"), email_verified: true };
  // The provider sends the browser back with a state the site never made.
  provider.service.once("beforeAuthorizeRedirect", ({ url }) => {
    url.searchParams.set("state", "forged-state-value");
  });
  await continueWithProvider(page);
  await expect(page).toHaveURL((url) => url.origin === site.url && url.pathname === "/auth");
  await expect(page.getByRole("alert")).toContainText("The sign-in took too long");
  await expect(accountMenu(page)).toHaveCount(0);
  expect((await page.request.get(at("/profile"), { maxRedirects: 0 })).status()).toBe(401);
});

test("a code redeemed with the wrong PKCE verifier is refused", async ({ page }) => {
  claims = { sub: `pkce-${uniqueId()}`, email: uniqueEmail("pkce"), email_verified: true };
  // The provider is told another challenge than the one the site made (the form's answer, which
  // sends the browser to the provider, is rewritten): the site's verifier no longer matches it
  // when the code is redeemed, and the provider refuses the code.
  let rewritten = false;
  await page.route(at("/auth"), async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    const answer = await route.fetch({ maxRedirects: 0 });
    const location = new URL(answer.headers().location ?? "", site.url);
    expect(location.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    location.searchParams.set("code_challenge", "A".repeat(43));
    rewritten = true;
    return route.fulfill({
      response: answer,
      headers: { ...answer.headers(), location: location.href },
    });
  });
  await continueWithProvider(page);
  expect(rewritten).toBe(true);
  await expect(page).toHaveURL((url) => url.origin === site.url && url.pathname === "/auth");
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(accountMenu(page)).toHaveCount(0);
  expect((await page.request.get(at("/profile"), { maxRedirects: 0 })).status()).toBe(401);
});

test("a return address the site cannot send the browser back to is refused on the form, before the provider is asked", async ({
  page,
  allowConsoleMessage,
}) => {
  allowConsoleMessage(statusMessage(400));
  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith(provider.issuer.url ?? "")) asked.push(request.url());
  });
  await continueWithProvider(page, `/auth?redirectTo=${encodeURIComponent("/news%2F..%2Fadmin")}`);
  const refusal = "The page to return to after signing in is not a valid address on this site.";
  await expect(page.getByTestId("providers").getByRole("alert")).toHaveText(refusal);
  await expect(page).toHaveURL((url) => url.origin === site.url && url.pathname === "/auth");
  expect(asked).toEqual([]);
  await expect(accountMenu(page)).toHaveCount(0);
});

// docs/product.md#staff-invitations: the invitation's page offers the sign-in services; the new
// account comes back to the page signed in and accepts there.
test("an invited person signs up with the provider from the link and accepts the role", async ({
  page,
  newContext,
}) => {
  const email = uniqueEmail("oidc-invited");
  await signInWithPassword(page, owner);
  await gotoHydrated(page, at("/role-management"));
  await page.locator("#invite-email").fill(email);
  await page.locator("#invite-role").selectOption("developer");
  await page.getByRole("button", { name: "Send Invitation" }).click();
  await expectToast(page, "Invitation sent", `${email} has 7 days to accept.`);
  await expect.poll(() => mailsIn(outbox, email).length).toBe(1);
  const link = mailsIn(outbox, email)[0]?.links[0] ?? "";
  expect(link).toContain("/auth/invitation?token=");

  claims = { sub: `invited-${uniqueId()}`, email, email_verified: true };
  const tab = await (await newContext()).newPage();
  await gotoHydrated(tab, link);
  await tab.getByRole("button", { name: `Continue with ${PROVIDER_NAME}` }).click();
  await expect(tab).toHaveURL((url) => url.pathname === "/auth/invitation");
  await tab.getByRole("button", { name: "Accept and become Developer" }).click();
  await expect(tab).toHaveURL((url) => url.pathname.startsWith("/admin"));
  await expectToast(tab, "Invitation accepted", "You joined the staff as Developer.");
  const menu = await openAccountMenu(tab, email);
  await expect(menu.getByTestId("account-role")).toHaveText("Developer");
});
