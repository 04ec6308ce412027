import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadEnv } from "~/platform/config/env.server";
import { configuredProviders, providerFormTargets, socialProviders } from "./providers.server";

// Which sign-in providers a deployment offers: none unless configured, each only
// with its id and secret, the OpenID Connect one also with its issuer; /auth and /profile's forms
// may lead to exactly their authorization origins.

const env = (vars: Record<string, string>) =>
  loadEnv({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "studio-providers-")), ...vars });

describe("sign-in providers", () => {
  it("offers none by default, and no other form target", () => {
    const plain = env({});
    expect(configuredProviders(plain)).toEqual([]);
    expect(socialProviders(plain)).toEqual({});
    expect(providerFormTargets(plain)("/auth")).toEqual([]);
  });

  it("offers each configured one in a fixed order, the OpenID Connect one under its name", () => {
    const all = env({
      GOOGLE_CLIENT_ID: "g",
      GOOGLE_CLIENT_SECRET: "g",
      DISCORD_CLIENT_ID: "d",
      DISCORD_CLIENT_SECRET: "d",
      OIDC_ISSUER: "https://id.example/realms/studio",
      OIDC_CLIENT_ID: "o",
      OIDC_CLIENT_SECRET: "o",
      OIDC_NAME: "Studio ID",
    });
    expect(configuredProviders(all)).toEqual([
      { id: "discord", name: "Discord" },
      { id: "google", name: "Google" },
      { id: "oidc", name: "Studio ID" },
    ]);
    const targets = providerFormTargets(all);
    expect(targets("/auth")).toEqual([
      "https://discord.com",
      "https://accounts.google.com",
      "https://id.example",
    ]);
    expect(targets("/profile")).toEqual(targets("/auth"));
    expect(targets("/auth/invitation")).toEqual(targets("/auth"));
    expect(targets("/contact")).toEqual([]);
  });

  it("refuses to start with an id and no secret, or an OpenID Connect client without its issuer", () => {
    expect(() => env({ GITHUB_CLIENT_ID: "x" })).toThrow(ConfigError);
    expect(() => env({ GITHUB_CLIENT_SECRET: "x" })).toThrow(/GITHUB_CLIENT_ID/);
    expect(() => env({ OIDC_CLIENT_ID: "x", OIDC_CLIENT_SECRET: "y" })).toThrow(/OIDC_ISSUER/);
    expect(() => env({ OIDC_ISSUER: "not a url" })).toThrow(ConfigError);
  });
});
