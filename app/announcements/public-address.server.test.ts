import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  isPublicAddress,
  PrivateAddressError,
  publicFetch,
  publicLookup,
} from "./public-address.server";

// A hook's receiver must be on the public internet, judged by where its name leads when the call
// is made: a name that resolves to this machine is refused before any connection is opened.

describe("isPublicAddress", () => {
  it.each([
    ["93.184.216.34", true],
    ["8.8.8.8", true],
    ["2606:4700:4700::1111", true],
    ["127.0.0.1", false],
    ["127.1.2.3", false],
    ["10.0.0.5", false],
    ["172.16.4.1", false],
    ["192.168.1.1", false],
    ["169.254.169.254", false],
    ["100.64.0.1", false],
    ["0.0.0.0", false],
    ["::1", false],
    ["::", false],
    ["::ffff:127.0.0.1", false],
    ["::ffff:169.254.169.254", false],
    ["fc00::1", false],
    ["fd12:3456::1", false],
    ["fe80::1", false],
    ["not an address", false],
  ])("%s: %s", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe("publicFetch", () => {
  let server: http.Server;
  let port = 0;
  let connections = 0;
  beforeAll(async () => {
    server = http.createServer((_req, res) => res.end("inside"));
    server.on("connection", () => connections++);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const init = () => ({
    method: "POST",
    headers: {},
    redirect: "manual" as const,
    signal: AbortSignal.timeout(5_000),
  });

  it("refuses a name that leads to this machine, opening no connection", async () => {
    const failure = await publicFetch(`http://localhost:${port}/hook`, init()).catch(
      (error) => error,
    );
    const cause = failure instanceof PrivateAddressError ? failure : failure?.cause;
    expect(cause).toBeInstanceOf(PrivateAddressError);
    expect(cause.message).toMatch(/^localhost leads to a private address \((127\.0\.0\.1|::1)\)$/);
    expect(connections).toBe(0);
  });

  it("refuses an address literal that is not public, opening no connection", async () => {
    await expect(publicFetch(`http://127.0.0.1:${port}/hook`, init())).rejects.toBeInstanceOf(
      PrivateAddressError,
    );
    await expect(publicFetch(`http://[::ffff:127.0.0.1]:${port}/`, init())).rejects.toBeInstanceOf(
      PrivateAddressError,
    );
    expect(connections).toBe(0);
  });

  it("the lookup answers a public address as resolved", async () => {
    const answer = await new Promise((resolve, reject) =>
      publicLookup("93.184.216.34", {}, (error, address, family) =>
        error ? reject(error) : resolve([address, family]),
      ),
    );
    expect(answer).toEqual(["93.184.216.34", 4]);
  });
});
