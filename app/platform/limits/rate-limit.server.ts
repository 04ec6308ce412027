import { isIPv6 } from "node:net";
import {
  type RateLimiterAbstract,
  RateLimiterDrizzle,
  RateLimiterMemory,
  RateLimiterRes,
} from "rate-limiter-flexible";
import type { Database } from "~/db/database.server";
import { rateLimits } from "~/db/schema";
import type { Env } from "../config/env.server";

// Every limit of the site, in one place, on rate-limiter-flexible. On PostgreSQL the counters live
// in the `rate_limits` table (the library's Drizzle store: one atomic upsert per hit), so every
// process on the database shares them; only the API's per-address limit stays in each process's
// memory, so that reading costs no write. PGlite allows one process per data directory, so there the
// counters live in that process's memory, which is exact and costs no write.

/** "database": shared by every process on the database; "memory": this process only. */
export type LimitStore = "database" | "memory";

export function limitStoreFor(engine: "pglite" | "postgres"): LimitStore {
  return engine === "postgres" ? "database" : "memory";
}

export type Verdict = { allowed: boolean; remaining: number; retryAfterSeconds: number };

/** A number of points per window, counted per key (an address, an account, …). */
export class Limit {
  constructor(
    readonly points: number,
    private readonly limiter: RateLimiterAbstract,
  ) {}

  /** Counts one hit; refused once the window's points are spent. */
  async consume(key: string): Promise<Verdict> {
    try {
      return verdict(await this.limiter.consume(key), true);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return verdict(rejection, false);
      throw rejection;
    }
  }

  /** Whether the key has points left, without counting a hit. */
  async check(key: string): Promise<Verdict> {
    const res = await this.limiter.get(key);
    if (!res) return { allowed: true, remaining: this.points, retryAfterSeconds: 0 };
    return verdict(res, res.consumedPoints < this.points);
  }

  /** Gives back one point a hit consumed (an attempt that turned out not to count). */
  async refund(key: string): Promise<void> {
    await this.limiter.reward(key, 1);
  }

  /** Refuses the key for `seconds` from now. */
  async block(key: string, seconds: number): Promise<void> {
    await this.limiter.block(key, seconds);
  }

  /** Forgets the key's count. */
  async reset(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}

function verdict(res: RateLimiterRes, allowed: boolean): Verdict {
  return {
    allowed,
    remaining: Math.max(0, res.remainingPoints),
    retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  };
}

// One limiter per database, name and rule, whichever runtime asks: two runtimes over one PGlite
// database (tests) count together, as two processes on one PostgreSQL database do.
const limiters = new WeakMap<Database, Map<string, RateLimiterAbstract>>();

/** The limiter of each database that sweeps its expired rows on a five-minute timer. */
type Sweeper = RateLimiterDrizzle & { _clearExpiredTimeoutId?: NodeJS.Timeout };
const sweepers = new Map<Database, Sweeper>();

/**
 * Stops the timed sweep of expired rows over `db`, or over every database: for a database that is
 * being closed, which the sweep would otherwise query. The server closes its database only as it
 * exits; the tests close many in one process (tests/support/setup.ts). The library has no call for
 * it, so its timer is cleared.
 */
export function stopExpirySweeps(db?: Database): void {
  for (const [swept, sweeper] of sweepers) {
    if (db !== undefined && swept !== db) continue;
    clearTimeout(sweeper._clearExpiredTimeoutId);
    sweepers.delete(swept);
  }
}

function limiterFor(
  db: Database,
  store: LimitStore,
  name: string,
  points: number,
  seconds: number,
): RateLimiterAbstract {
  // The rule is part of the prefix: a changed setting starts its counts afresh.
  const keyPrefix = `${name}:${points}/${seconds}`;
  const byPrefix = limiters.get(db) ?? new Map<string, RateLimiterAbstract>();
  limiters.set(db, byPrefix);
  const id = `${store}:${keyPrefix}`;
  let limiter = byPrefix.get(id);
  if (!limiter) {
    limiter =
      store === "database"
        ? databaseLimiter(db, keyPrefix, points, seconds)
        : new RateLimiterMemory({ keyPrefix, points, duration: seconds });
    byPrefix.set(id, limiter);
  }
  return limiter;
}

function databaseLimiter(db: Database, keyPrefix: string, points: number, seconds: number) {
  // One sweeper of expired rows per database is enough.
  const sweeps = !sweepers.has(db);
  const limiter = new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix,
    points,
    duration: seconds,
    clearExpiredByTimeout: sweeps,
  });
  if (sweeps) sweepers.set(db, limiter);
  return limiter;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** Mails (confirmation, reset, "someone signed up as you") one inbox may be sent an hour. */
export const MAILS_PER_ADDRESS = 5;
/** Staff invitation mails (invites and resends) one owner may send an hour. */
export const STAFF_INVITATIONS_PER_HOUR = 20;
/** How long a TOTP code stays spent: the 90 s its code is valid (±1 step of 30 s), and some. */
export const TOTP_CODE_SECONDS = 2 * MINUTE;

type AuthRule = { window: number; max: number };

// Password checks of a signed-in session: a cap on guessing the password through them.
const PASSWORD_CHECK = { window: 10 * MINUTE, max: 20 };
// Each asks or answers a provider or an authenticator and stores a challenge: a flood cap
// well above an office's sign-ins (nothing here can be guessed).
const CEREMONY = { window: MINUTE, max: 60 };

/**
 * The auth library's per-address rules (`rateLimit.customRules`, counted by `authRule`): one for
 * every endpoint the product opens (PRODUCT_ENDPOINTS in app/accounts/auth-rules.server.ts, in the
 * same notation, `*` one path segment), so none falls to the library's defaults (3 per 10 s on
 * anything under /sign-in, /sign-up, /change-password and /two-factor, 100 a minute elsewhere).
 * `false`: the library counts nothing there; the sign-in throttle (auth-throttle.server.ts) counts
 * that endpoint's failures per address instead, so a success spends no one's allowance.
 */
export const AUTH_RULES: Readonly<Record<string, AuthRule | false>> = {
  "/sign-in/email": false,
  "/two-factor/verify-totp": false,
  "/two-factor/verify-backup-code": false,
  "/two-factor/verify-otp": false,
  // Each sends a text message: the phone's own limits (per account, number, address and the
  // site's hour) come first; this caps one address's flood.
  "/two-factor/send-otp": { window: 10 * MINUTE, max: 20 },
  "/sign-up/email": { window: 10 * MINUTE, max: 10 },
  "/sign-out": { window: MINUTE, max: 60 },
  "/verify-email": { window: 10 * MINUTE, max: 30 },
  "/request-password-reset": { window: 10 * MINUTE, max: 5 },
  "/reset-password/*": { window: 10 * MINUTE, max: 10 },
  "/reset-password": { window: 10 * MINUTE, max: 10 },
  "/change-password": PASSWORD_CHECK,
  "/confirm-password": PASSWORD_CHECK,
  "/delete-user": PASSWORD_CHECK,
  "/two-factor/enable": PASSWORD_CHECK,
  "/two-factor/disable": PASSWORD_CHECK,
  "/sign-in/social": CEREMONY,
  "/link-social": CEREMONY,
  "/callback/*": CEREMONY,
  "/passkey/generate-register-options": CEREMONY,
  "/passkey/generate-authenticate-options": CEREMONY,
  "/passkey/verify-registration": CEREMONY,
  "/passkey/verify-authentication": CEREMONY,
};

export function createRateLimits(db: Database, env: Env, store: LimitStore) {
  const limit = (name: string, points: number, seconds: number, where: LimitStore = store) =>
    new Limit(points, limiterFor(db, where, name, points, seconds));
  const lockoutSeconds = env.SIGN_IN_LOCKOUT_MINUTES * MINUTE;
  return {
    store,
    /** Every contact form submission, valid or not, per address. */
    contactSubmissions: limit("contact-submissions", env.CONTACT_ATTEMPT_LIMIT, 15 * MINUTE),
    /** Accepted contact messages per address (a typo does not use up the allowance). */
    contactMessages: limit("contact-messages", env.CONTACT_RATE_LIMIT, 15 * MINUTE),
    /** Every newsletter subscribe submission, valid or not, per address (as the contact form). */
    newsletterSubmissions: limit("newsletter-submissions", env.CONTACT_ATTEMPT_LIMIT, 15 * MINUTE),
    /**
     * Confirmation mails per mailbox in an hour (`mailboxKey`: `ana+1@` and `a.na@gmail.com` are
     * Ana's): the form cannot flood an inbox.
     */
    newsletterMails: limit("newsletter-mails", 3, HOUR),
    /**
     * Confirmation mails per (client address, recipient domain) in an hour: one client cannot walk
     * a domain's mailboxes, whatever their names.
     */
    newsletterDomainMails: limit("newsletter-domain-mails", 10, HOUR),
    /**
     * Key request receipts per mailbox in an hour (`mailboxOf`): the form mails whatever address is
     * typed, so one inbox gets a few receipts however many addresses post for it; past that the
     * request is still taken, only unreceipted.
     */
    keyRequestReceipts: limit("key-request-receipts", 3, HOUR),
    /** A press kit's download counts once per (file, address) a day; HEAD never counts. */
    pressDownloads: limit("press-downloads", 1, 24 * HOUR),
    /**
     * REST API requests per address, counted in this process's memory: a read costs no database
     * write. It guards the process against one address's flood, so it need not be exact across
     * processes: behind a balancer of N processes an address may make up to N times as many.
     */
    api: limit("api", env.API_RATE_LIMIT, MINUTE, "memory"),
    /**
     * Image uploads (avatars, the media library) per account in ten minutes: each one is decoded
     * and encoded, the costliest request a signed-in user can make.
     */
    uploads: limit("uploads", env.UPLOAD_RATE_LIMIT, 10 * MINUTE),
    /**
     * Staff invitation mails (invites and resends) per owner account in an hour: enough to staff a
     * studio in one sitting, too few to turn the mailer on strangers' inboxes.
     */
    staffInvitations: limit("staff-invitations", STAFF_INVITATIONS_PER_HOUR, HOUR),
    /** Game-played beacons per address. */
    gamePlayed: limit("game-played", env.GAME_PLAYED_RATE_LIMIT, MINUTE),
    /**
     * Failed sign-in and two-factor attempts per address, whatever the account: each attempt
     * takes a point when it starts and a success gives it back (auth-throttle.server.ts).
     */
    signInAttempts: limit("sign-in-attempts", env.SIGN_IN_RATE_LIMIT, MINUTE),
    /** Failed sign-ins per (account, address); reached, that address is locked out of the account. */
    signInFailures: limit("sign-in-failures", env.SIGN_IN_FAILURE_LIMIT, lockoutSeconds),
    /** Failed sign-ins per account from any address; reached, the account locks for new devices. */
    accountFailures: limit("account-failures", env.ACCOUNT_FAILURE_LIMIT, HOUR),
    lockoutSeconds,
    /** Mails sent to one address by sign-up, reset and confirmation requests. */
    mailsToAddress: limit("auth-mails", MAILS_PER_ADDRESS, HOUR),
    /** Accepted TOTP codes per (user, code): one each, so a replay is refused. */
    totpCodes: limit("totp-codes", 1, TOTP_CODE_SECONDS),
    /**
     * Text messages with sign-in codes (docs/accounts-and-security.md#phone), against SMS pumping:
     * one per account every 30 seconds and 3 per 15 minutes (the wording is in
     * app/accounts/phone/phone-schema.ts), per number a day, per client address an hour, and the
     * site's hourly ceiling, whose first refusal in an hour mails the owners (`smsCeilingMails`).
     */
    smsResend: limit("sms-resend", 1, 30),
    smsPerAccount: limit("sms-account", 3, 15 * MINUTE),
    smsPerNumber: limit("sms-number", env.SMS_NUMBER_LIMIT, 24 * HOUR),
    smsPerAddress: limit("sms-address", env.SMS_ADDRESS_LIMIT, HOUR),
    smsHourly: limit("sms-hourly", env.SMS_HOURLY_LIMIT, HOUR),
    smsCeilingMails: limit("sms-ceiling-mails", 1, HOUR),
    /** The auth library's per-address rules, counted here (its `customStorage`). */
    authRule: (window: number, max: number) => limit("auth", max, window),
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;

/** What an upload past UPLOAD_RATE_LIMIT is told. */
export function tooManyUploads(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many uploads. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/**
 * The key a per-address limit counts under: IPv4 as is (also when mapped into IPv6), IPv6 by its
 * /64 network, since one subscriber holds a whole /64 and would otherwise get 2^64 allowances.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = "", tail] = ip.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}
