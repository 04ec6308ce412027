import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/database.server";
import { contactMessages } from "../../app/db/schema";
import {
  countUnreadMessages,
  listMessagesPage,
  messagesPageQuery,
} from "../../app/messages/messages.server";
import {
  decodeCursor,
  type IdKind,
  type Page,
  type PageRequest,
} from "../../app/platform/paging/cursor";
import { listUsersPage, usersPageQuery } from "../../app/roles/roles.server";
import { testEngines } from "../support/database";
import { explain, queryRows } from "../support/explain";
import { seedScale } from "../support/scale-data";

// The staff lists page by keyset like the news list: the inbox (unread filter,
// search of sender, address, subject and text) and the users list (search by name or address,
// filter by role). Their queries use the indexes on thousands of rows.

const MESSAGES = 3_000;
const USERS = 3_000;

async function walkAll<T extends { id: string }>(
  read: (page: PageRequest) => Promise<Page<T>>,
  ids: IdKind,
): Promise<T[]> {
  const all: T[] = [];
  let request: PageRequest = { direction: "first" };
  for (;;) {
    const page = await read(request);
    all.push(...page.items);
    if (!page.older) return all;
    request = { direction: "older", cursor: decodeCursor(page.older, ids)! };
  }
}

describe.each(testEngines())("staff lists on $name", (engine) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await engine.open();
    await seedScale(handle.db, { messages: MESSAGES, users: USERS });
  }, 120_000);
  afterAll(() => handle?.close());

  it("the inbox pages every message once, newest first, and counts the unread exactly", async () => {
    const all = await walkAll((page) => listMessagesPage(handle.db, { page, size: 500 }), "uuid");
    expect(all).toHaveLength(MESSAGES);
    expect(new Set(all.map((m) => m.id)).size).toBe(MESSAGES);
    const times = all.map((m) => Date.parse(m.date));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(await countUnreadMessages(handle.db)).toBe(Math.floor(MESSAGES / 3));
    const unread = await walkAll(
      (page) => listMessagesPage(handle.db, { page, size: 400, unreadOnly: true }),
      "uuid",
    );
    expect(unread).toHaveLength(Math.floor(MESSAGES / 3));
    expect(unread.every((m) => !m.read)).toBe(true);
  });

  it("the inbox search finds a message by a word of its text, its sender, address or subject", async () => {
    await handle.db.insert(contactMessages).values({
      name: "Ada Quillfeather",
      email: "ada.q@players.example",
      subject: "Speedrun route",
      message: "I found a shortcut through the gloamwood ravine.",
    });
    for (const search of [
      "gloamwood",
      "GLOAM",
      "quill",
      "ada.q@players",
      "players.example",
      "speedrun route",
    ]) {
      const found = await listMessagesPage(handle.db, { search });
      expect(
        found.items.map((m) => m.name),
        search,
      ).toEqual(["Ada Quillfeather"]);
    }
    const lanterns = await walkAll(
      (page) => listMessagesPage(handle.db, { page, size: 200, search: "lantern" }),
      "uuid",
    );
    expect(lanterns).toHaveLength(MESSAGES / 5);
    const unreadLanterns = await walkAll(
      (page) => listMessagesPage(handle.db, { page, search: "lantern", unreadOnly: true }),
      "uuid",
    );
    expect(unreadLanterns.length).toBeGreaterThan(0);
    expect(unreadLanterns.every((m) => !m.read && m.message.includes("lantern"))).toBe(true);
    for (const search of ["", "   ", "'\\\"&|!():*<->", "zzzz-nothing"]) {
      const found = await listMessagesPage(handle.db, { search });
      expect(found.items.length, JSON.stringify(search)).toBe(/\w{4}/.test(search) ? 0 : 20);
    }
  });

  it("the users list finds a user by address or name among thousands, and filters by role", async () => {
    const byAddress = await listUsersPage(handle.db, { search: "player1234@users.example" });
    expect(byAddress.items.map((u) => u.email)).toEqual(["player1234@users.example"]);
    const byStart = await listUsersPage(handle.db, { search: "player1234" });
    expect(byStart.items.map((u) => u.email)).toEqual(["player1234@users.example"]);
    const byName = await listUsersPage(handle.db, { search: "Player 2999" });
    expect(byName.items.map((u) => u.email)).toEqual(["player2999@users.example"]);
    const moderators = await walkAll(
      (page) => listUsersPage(handle.db, { page, role: "moderator" }),
      "text",
    );
    expect(moderators).toHaveLength(USERS / 50);
    expect(moderators.every((u) => u.role === "moderator")).toBe(true);
    const guests = await walkAll(
      (page) => listUsersPage(handle.db, { page, size: 1000, role: "guest" }),
      "text",
    );
    expect(guests).toHaveLength(USERS - USERS / 50);
    const everyone = await walkAll((page) => listUsersPage(handle.db, { page, size: 700 }), "text");
    expect(new Set(everyone.map((u) => u.id)).size).toBe(USERS);
  });

  it("their queries use the indexes, never a sequential scan of the table", async () => {
    const [deep] = await queryRows<{ at: string; id: string }>(
      handle.db,
      sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id::text as id
          from contact_messages order by created_at desc, id desc offset 2500 limit 1`,
    );
    const older = { direction: "older", cursor: deep! } as const;
    const first = { direction: "first" } as const;
    const plans = {
      inbox: await explain(handle.db, messagesPageQuery(handle.db, first, {}, 20)),
      inboxDeep: await explain(handle.db, messagesPageQuery(handle.db, older, {}, 20)),
      unread: await explain(
        handle.db,
        messagesPageQuery(handle.db, first, { unreadOnly: true }, 20),
      ),
      inboxSearch: await explain(
        handle.db,
        messagesPageQuery(handle.db, first, { search: "message 2042" }, 20),
      ),
      users: await explain(handle.db, usersPageQuery(handle.db, first, {}, 25)),
      usersSearch: await explain(
        handle.db,
        usersPageQuery(handle.db, first, { search: "player1234@users" }, 25),
      ),
    };
    for (const [name, plan] of Object.entries(plans)) {
      expect(plan, name).not.toMatch(/Seq Scan on (contact_messages|users)/);
    }
    expect(plans.inbox).toMatch(/contact_messages_created_at_id_idx/);
    expect(plans.unread).toMatch(/contact_messages_unread_idx/);
    expect(plans.inboxSearch).toMatch(/contact_messages_search_idx/);
    expect(plans.usersSearch).toMatch(/users_search_idx/);
  });
});
