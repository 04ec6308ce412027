import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, retryResetConnections, test } from "./fixtures";

// The test harness itself: an API call whose kept-alive connection the server closes as it is sent
// (read ECONNRESET, nothing read) is sent once more (tests/e2e/fixtures.ts, retryResetConnections).

/** A server that answers the first request of each connection and resets the connection on the
 * second, before reading it: what a server closing an idle connection does to a late request. */
async function resettingServer() {
  const server = http.createServer((req, res) => {
    const socket = req.socket as typeof req.socket & { served?: boolean };
    if (socket.served) {
      socket.resetAndDestroy();
      return;
    }
    socket.served = true;
    res.end(`answered ${req.url}`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test("an API call on a connection the server resets is sent again; without the retry it fails", async ({
  playwright,
}) => {
  const server = await resettingServer();
  try {
    const plain = await playwright.request.newContext({ baseURL: server.url });
    expect(await (await plain.get("/first")).text()).toBe("answered /first");
    await expect(plain.get("/second")).rejects.toThrow(/ECONNRESET/);
    await plain.dispose();

    const retrying = retryResetConnections(
      await playwright.request.newContext({ baseURL: server.url }),
    );
    expect(await (await retrying.get("/first")).text()).toBe("answered /first");
    expect(await (await retrying.post("/second")).text()).toBe("answered /second");
    await retrying.dispose();
  } finally {
    await server.close();
  }
});
