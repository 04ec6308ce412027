import net from "node:net";

export type TcpProxy = {
  port: number;
  /** Destroys every open connection and refuses new ones (the database "goes away"). */
  cut(): Promise<void>;
  /** Accepts connections again (the database "comes back"). */
  restore(): Promise<void>;
  close(): Promise<void>;
};

/** A TCP proxy on loopback that forwards to `target`; it can cut the line and restore it. */
export async function startTcpProxy(
  target: { host: string; port: number },
  port: number,
): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  };
  let server: net.Server | null = null;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        track(client);
        track(upstream);
        client.pipe(upstream);
        upstream.pipe(client);
        client.on("error", () => upstream.destroy());
        upstream.on("error", () => client.destroy());
        client.on("close", () => upstream.destroy());
        upstream.on("close", () => client.destroy());
      });
      s.once("error", reject);
      s.listen(port, "127.0.0.1", () => {
        server = s;
        resolve();
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });
  await listen();
  return {
    port,
    async cut() {
      const closing = stopListening();
      for (const socket of sockets) socket.destroy();
      await closing;
    },
    restore: listen,
    async close() {
      const closing = stopListening();
      for (const socket of sockets) socket.destroy();
      await closing;
    },
  };
}
