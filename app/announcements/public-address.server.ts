import dns from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { Agent, fetch as undiciFetch } from "undici";

// A hook's receiver must be on the public internet: its name is resolved when the call is made,
// every address it resolves to must be public, and the connection goes to the address checked (the
// lookup below is the connection's own, so a name cannot resolve to a public address for the check
// and to 127.0.0.1 for the call). Names like `vm`, `metadata` or `localhost..` that the schema cannot
// judge are judged here by where they lead (docs/api.md#announcement-webhooks).

/** Addresses that are not the public internet: this machine, private networks, link-local (cloud metadata), unique-local, and the reserved rest. */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv6");
}

/**
 * True for an address on the public internet (an IPv4-mapped IPv6 address judged as its IPv4;
 * BlockList itself matches IPv4 rules against mapped addresses, so ::ffff:0:0/96 is not listed).
 */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]!);
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? "ipv4" : "ipv6");
}

export class PrivateAddressError extends Error {
  readonly code = "EPRIVATEADDRESS";
}

/** The connection's lookup: the name's addresses, refused when any of them is not public. */
export const publicLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 4);
    const found = addresses as dns.LookupAddress[];
    const inside = found.find((entry) => !isPublicAddress(entry.address));
    if (inside || found.length === 0) {
      const reason = new PrivateAddressError(
        `${hostname} leads to ${inside ? `a private address (${inside.address})` : "no address"}`,
      );
      return callback(reason as NodeJS.ErrnoException, "", 4);
    }
    if (options.all) return callback(null, found);
    return callback(null, found[0]!.address, found[0]!.family);
  });
};

const publicOnly = new Agent({ connect: { lookup: publicLookup } });

/** What a hook call reads of an answer (the global fetch's and undici's both have it). */
export type FetchAnswer = {
  status: number;
  statusText: string;
  headers: { get(name: string): string | null };
  json(): Promise<unknown>;
  text(): Promise<string>;
};

/** A hook call: the global fetch (tests' stand-ins) or `publicFetch`. */
export type Fetcher = (
  url: string,
  init: {
    method: string;
    headers: Record<string, string>;
    body?: string;
    redirect: "manual";
    signal: AbortSignal;
  },
) => Promise<FetchAnswer>;

/**
 * `fetch` to public addresses only: a URL whose host is an address literal is judged as it is, a
 * name by what it resolves to, at connection time.
 */
export const publicFetch: Fetcher = async (input, init) => {
  const host = new URL(input).hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) !== 0 && !isPublicAddress(host)) {
    throw new PrivateAddressError(`${host} is a private address`);
  }
  return undiciFetch(input, { ...init, dispatcher: publicOnly });
};
