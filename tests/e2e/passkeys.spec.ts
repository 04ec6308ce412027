import { generateKeyPairSync, randomBytes } from "node:crypto";
import type { CDPSession, Page } from "@playwright/test";
import { DEMO_URL } from "../../playwright.config";
import { axeViolations } from "../support/axe";
import { gotoHydrated, waitForHydration } from "../support/browser";
import {
  accountMenu,
  firstLink,
  openAccountMenu,
  submitRegister,
  waitForMail,
} from "../support/browser-accounts";
import { expectToast } from "../support/toasts";
import { NEW_PASSWORD, uniqueEmail } from "../support/users";
import { expect, statusMessage, test } from "./fixtures";

// Passkeys with Chromium's virtual authenticator (CDP WebAuthn): registered from the profile's
// Security section, used to sign in from /auth (by autofill and by the button), renamed and removed (the last one only with the
// password). WebAuthn refuses an IP address as relying party, so these pages are opened at
// localhost, the name the server offers passkeys at when its SITE_URL is an address.
const LOCAL = DEMO_URL.replace("127.0.0.1", "localhost");
test.use({ baseURL: LOCAL });
test.slow();

async function addAuthenticator(page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, id: authenticatorId };
}

/** Registers and confirms a new account at localhost; lands signed in on the home page. */
async function newAccount(page: Page) {
  const email = uniqueEmail("passkey");
  await gotoHydrated(page, "/auth");
  await submitRegister(page, email);
  await expectToast(page, "Signed up successfully");
  const mail = await waitForMail(email, { subject: /^Confirm your/ });
  // The mailed link names SITE_URL (127.0.0.1); the same server answers at localhost.
  await page.goto(firstLink(mail).replace("127.0.0.1", "localhost"));
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await waitForHydration(page);
  await expect(accountMenu(page, email)).toBeVisible();
  return email;
}

async function signOut(page: Page, email: string) {
  const menu = await openAccountMenu(page, email);
  await menu.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(accountMenu(page)).toHaveCount(0);
}

test("a passkey is added in the profile, signs in from /auth, is renamed and removed", async ({
  page,
  allowConsoleMessage,
}) => {
  // The wrong password below is answered 400, as every refused form is.
  allowConsoleMessage(statusMessage(400));
  const { cdp, id } = await addAuthenticator(page);
  const email = await newAccount(page);

  await gotoHydrated(page, "/profile");
  await expect(page.getByTestId("no-factors")).toHaveText("No passkeys or authenticator app yet.");
  await page.getByLabel("Name for the new passkey").fill("Test laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expectToast(page, "Passkey added");
  const listed = page.getByTestId("factor");
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText("Test laptop");
  await expect(listed).toContainText("Verified");
  await expect(listed).toContainText("Passkey");
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId: id });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);
  expect(await axeViolations(page)).toEqual([]);

  // Signed out, the passkey alone signs in: offered in the email field's autofill (conditional
  // mediation; the virtual authenticator stands in for the user picking it)...
  await signOut(page, email);
  await gotoHydrated(page, "/auth?redirectTo=/profile");
  await expectToast(page, "Signed in successfully");
  await expect(page).toHaveURL((url) => url.pathname === "/profile");
  await expect(accountMenu(page, email)).toBeVisible();
  const first = await cdp.send("WebAuthn.getCredentials", { authenticatorId: id });
  expect(first.credentials[0]?.signCount).toBeGreaterThan(0);

  // ...and by the button, in a browser without that autofill.
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });
  await signOut(page, email);
  await gotoHydrated(page, "/auth?redirectTo=/profile");
  await expect(page.locator("#login-email")).toHaveAttribute("autocomplete", "username webauthn");
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expectToast(page, "Signed in successfully");
  await expect(page).toHaveURL((url) => url.pathname === "/profile");
  await expect(accountMenu(page, email)).toBeVisible();
  // The authenticator signed once more: its counter moved.
  const second = await cdp.send("WebAuthn.getCredentials", { authenticatorId: id });
  expect(second.credentials[0]?.signCount).toBeGreaterThan(first.credentials[0]?.signCount ?? 0);

  // Renamed...
  await waitForHydration(page);
  await page.getByText("Rename or remove").click();
  await page.getByLabel("New name for Test laptop").fill("Work laptop");
  await page.getByRole("button", { name: "Save name" }).click();
  await expectToast(page, "Name saved");
  await expect(page.getByTestId("factor")).toContainText("Work laptop");

  // ...and removed: the account's last factor goes only with the password. (The row's
  // disclosure stays open after the rename.)
  const remove = page.getByRole("button", { name: "Remove Work laptop" });
  if (!(await remove.isVisible())) await page.getByText("Rename or remove").click();
  const password = page.getByLabel("Your password, to remove your last sign-in factor");
  await password.fill("not my password");
  await remove.click();
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Invalid password").first()).toBeVisible();
  await expect(page.getByTestId("factor")).toHaveCount(1);
  await password.fill(NEW_PASSWORD);
  await remove.click();
  await expectToast(page, "Passkey removed");
  await expect(page.getByTestId("no-factors")).toBeVisible();
});

test("a passkey the site does not know signs no one in: the server refuses its answer", async ({
  page,
  allowConsoleMessage,
}) => {
  // The refused answer is a 401, which the browser logs.
  allowConsoleMessage(statusMessage(401));
  // The button alone asks (no autofill racing it).
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });
  const { cdp, id } = await addAuthenticator(page);
  // A credential for this site that the server never registered: the authenticator signs the
  // challenge with it, and the server must refuse the answer.
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  await cdp.send("WebAuthn.addCredential", {
    authenticatorId: id,
    credential: {
      credentialId: randomBytes(16).toString("base64"),
      isResidentCredential: true,
      rpId: "localhost",
      privateKey: privateKey.export({ format: "der", type: "pkcs8" }).toString("base64"),
      userHandle: randomBytes(16).toString("base64"),
      signCount: 0,
    },
  });
  await gotoHydrated(page, "/auth");
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" &&
      new URL(response.url()).pathname.startsWith("/auth") &&
      new URLSearchParams(response.request().postData() ?? "").get("intent") === "passkey",
  );
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  const answer = await answered;
  expect(answer.status()).toBe(401);
  await expectToast(page, "Error signing in", "Passkey not found");
  // The authenticator did sign once: the answer was made and sent, not cancelled in the browser.
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId: id });
  expect(credentials[0]?.signCount).toBe(1);
  await expect(page).toHaveURL((url) => url.pathname === "/auth");
  await expect(accountMenu(page)).toHaveCount(0);
  const cookies = await page.context().cookies();
  expect(cookies.filter((cookie) => cookie.name.includes("session_token"))).toEqual([]);
  await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toBeEnabled();
});
