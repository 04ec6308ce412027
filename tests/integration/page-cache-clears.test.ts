import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { handleApi } from "../../app/api/api.server";
import type { DatabaseHandle } from "../../app/db/database.server";
import { contactMessages } from "../../app/db/schema";
import { listGames } from "../../app/games/games.server";
import { listNews } from "../../app/news/news.server";
import * as admin from "../../app/routes/admin";
import * as contact from "../../app/routes/contact";
import * as gamesPlayed from "../../app/routes/games-played";
import { outcome, request, signedInAs } from "../support/accounts";
import { testEngines } from "../support/database";
import { openForSuite } from "../support/suite";

// Which writes clear the page cache: the ones that change news or games, through the
// admin dashboard or the API, and nothing else. A counting cache stands in for the page cache.

const game = {
  title: "Lantern",
  description: "A small game",
  imageUrl: "https://img.example/l.png",
  status: "Released",
  url: "https://play.example/l",
};

describe.each(testEngines())("what clears the page cache, on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: AppLoadContext;
  let owner: { cookie: string };
  let clears = 0;

  openForSuite(engine, async (opened) => {
    ({ handle, context } = opened);
    context.runtime.caches.register({ name: "pages", clear: () => clears++ });
    owner = await signedInAs(context, "owner");
  });
  beforeEach(async () => {
    await handle.db.execute(sql`truncate news, games, contact_messages`);
    clears = 0;
  });

  const adminPost = async (form: Record<string, string>) =>
    (
      await outcome(() =>
        admin.action({
          request: request("/admin", { cookie: owner.cookie, form }),
          context,
          params: {},
        } as never),
      )
    ).status;

  const api = async (method: string, path: string, body?: unknown) => {
    const response = await handleApi(
      new Request(`http://localhost:3000/api/v1/${path}`, {
        method,
        headers: { Cookie: owner.cookie, "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
      context,
      path,
    );
    await response.arrayBuffer();
    return response.status;
  };

  it("every admin change to news or games clears it once the change is saved", async () => {
    expect(await adminPost({ intent: "news-create", title: "Hello", content: "First" })).toBe(200);
    expect(clears).toBe(1);
    const [item] = await listNews(handle.db);
    expect(
      await adminPost({ intent: "news-update", id: item!.id, title: "Hello", content: "Second" }),
    ).toBe(200);
    await adminPost({ intent: "news-delete", id: item!.id });
    expect(clears).toBe(3);

    const changes = [
      { intent: "game-create", ...game },
      { intent: "game-create", ...game, title: "Ember" },
    ];
    for (const form of changes) expect(await adminPost(form)).toBe(200);
    const games = await listGames(handle.db);
    const ids = JSON.stringify(games.map((g) => g.id).reverse());
    const more: Record<string, string>[] = [
      { intent: "game-update", id: games[0]!.id, ...game, title: "Lantern 2" },
      { intent: "games-reorder", ids },
      { intent: "game-delete", id: games[1]!.id },
    ];
    for (const form of more) {
      expect(await adminPost(form), form.intent).toBe(200);
    }
    expect(clears).toBe(8);
  });

  it("a refused or failed admin change, or marking a message read, leaves it alone", async () => {
    expect(await adminPost({ intent: "news-create", title: "", content: "" })).toBe(400);
    expect(
      await adminPost({
        intent: "news-delete",
        id: "00000000-0000-4000-8000-000000000000",
      }),
    ).toBe(404);
    const [message] = await handle.db
      .insert(contactMessages)
      .values({ name: "Ada", email: "ada@example.com", subject: "Hi", message: "Hello" })
      .returning();
    expect(await adminPost({ intent: "mark-read", id: message!.id })).toBe(200);
    expect(clears).toBe(0);
  });

  it("API writes to news and games clear it; reads and other writes do not", async () => {
    expect(await api("POST", "news", { title: "From the API", content: "Body" })).toBe(201);
    expect(await api("POST", "games", game)).toBe(201);
    expect(clears).toBe(2);
    const [item] = await listNews(handle.db);
    expect(await api("PUT", `news/${item!.id}`, { title: "Edited", content: "Body" })).toBe(200);
    expect(await api("DELETE", `news/${item!.id}`)).toBe(200);
    expect(clears).toBe(4);
    expect(await api("GET", "news")).toBe(200);
    expect(await api("PUT", "developer_work/me", { current_task: "Testing" })).toBe(200);
    expect(await api("POST", "news", { title: "", content: "" })).toBe(400);
    expect(clears).toBe(4);
  });

  it("a contact message and the game-played beacon leave it alone", async () => {
    const sent = await outcome(() =>
      contact.action({
        request: request("/contact", {
          form: { name: "Ada", email: "ada@example.com", subject: "Hi", message: "Hello" },
        }),
        context,
        params: {},
      } as never),
    );
    expect(sent.status).toBe(200);
    const played = await outcome(() =>
      gamesPlayed.action({
        request: new Request("http://localhost:3000/games/x/played", { method: "POST" }),
        context,
        params: { id: "00000000-0000-4000-8000-000000000000" },
      } as never),
    );
    expect(played.status).toBe(204);
    expect(clears).toBe(0);
  });
});
