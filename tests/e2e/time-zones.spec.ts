import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import { openDatabase } from "../../app/db/database.server";
import { contactMessages } from "../../app/db/schema";
import { createNews } from "../../app/news/news-writes.server";
import { gotoHydrated } from "../support/browser";
import { openAdmin } from "./admin-support";
import { expect, test } from "./fixtures";
import {
  freshDataDir,
  killLeftoverServers,
  ROOT,
  type ServerProcess,
  startServer,
} from "./server-process";

// Dates and times in the reader's time zone. A server of its own, with the studio in
// Europe/Stockholm and data at known moments near midnight UTC, is read by browsers in New York and
// Tokyo: the server renders the studio's zone, each browser shows its own after hydration on public
// pages and the studio's on staff screens, and the console (watched by the fixtures) reports no
// hydration mismatch.

const STUDIO_TIME_ZONE = "Europe/Stockholm";

// Three hours after midnight UTC: still the evening before in New York.
const EARLY_NEWS = { title: "Night shift notes", createdAt: "2026-01-15T03:00:00.000Z" };
// Four in the afternoon UTC: already the next day in Tokyo.
const LATE_NEWS = { title: "Afternoon patch notes", createdAt: "2026-01-15T16:00:00.000Z" };
// A quarter to midnight UTC: the 15th in New York, the 16th in Stockholm and Tokyo.
const MESSAGE = {
  name: "Midnight Writer",
  email: "midnight.writer@example.com",
  subject: "Sent a quarter to midnight UTC",
  message: "Which day is it where you are?",
  createdAt: "2026-01-15T23:45:00.000Z",
};

/** What each reader must see, written out by hand (not computed by the code under test). */
const SEEN = {
  [STUDIO_TIME_ZONE]: {
    early: "Jan 15, 2026",
    late: "Jan 15, 2026",
    messageList: "Jan 16, 2026",
    messageDetail: "January 16, 2026 12:45 AM",
  },
  "America/New_York": {
    early: "Jan 14, 2026",
    late: "Jan 15, 2026",
  },
  "Asia/Tokyo": {
    early: "Jan 15, 2026",
    late: "Jan 16, 2026",
  },
} as const;

test.describe.configure({ mode: "serial", timeout: 300_000 });

let server: ServerProcess;
let earlyNewsId = "";

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const dataDir = freshDataDir("time-zones");
  // One verified user per role, as on the shared browser-test servers.
  await promisify(execFile)(process.execPath, ["--import", "tsx", "tests/support/seed-e2e.ts"], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" },
  });
  const handle = await openDatabase({ engine: "pglite", dataDir: path.join(dataDir, "db") });
  try {
    for (const item of [EARLY_NEWS, LATE_NEWS]) {
      const created = await createNews(handle.db, {
        title: item.title,
        content: `${item.title}, written at a known moment.`,
        createdAt: new Date(item.createdAt),
      });
      if (item === EARLY_NEWS) earlyNewsId = created.id;
    }
    const { createdAt, ...message } = MESSAGE;
    await handle.db.insert(contactMessages).values({ ...message, createdAt: new Date(createdAt) });
  } finally {
    await handle.close();
  }
  server = await startServer({ dataDir, env: { STUDIO_TIME_ZONE } });
});

test.afterAll(async () => {
  await server?.stop();
  await killLeftoverServers();
});

const newsDate = (page: Page, title: string) =>
  page.getByTestId("news-card").filter({ hasText: title }).locator("time");

test("without JavaScript, dates are in the studio's zone and studio hours name it", async ({
  newContext,
}) => {
  const context = await newContext({
    baseURL: server.url,
    javaScriptEnabled: false,
    timezoneId: "America/New_York",
  });
  const page = await context.newPage();
  const seen = SEEN[STUDIO_TIME_ZONE];

  await page.goto("/news");
  await expect(newsDate(page, EARLY_NEWS.title)).toHaveText(seen.early);
  await expect(newsDate(page, EARLY_NEWS.title)).toHaveAttribute("datetime", EARLY_NEWS.createdAt);
  await expect(newsDate(page, LATE_NEWS.title)).toHaveText(seen.late);
  await expect(newsDate(page, EARLY_NEWS.title)).toHaveAttribute(
    "title",
    `January 15, 2026 4:00 AM (${STUDIO_TIME_ZONE})`,
  );

  await page.goto("/contact");
  const hours = page.getByRole("definition");
  await expect(hours.first()).toHaveText(`2:00 PM - 6:00 PM (${STUDIO_TIME_ZONE})`);
  await expect(hours.nth(1)).toHaveText("Closed");
});

for (const timezoneId of ["America/New_York", "Asia/Tokyo"] as const) {
  test(`a reader in ${timezoneId} sees news on their own day and clock, the inbox on the studio's`, async ({
    newContext,
    signedInAs,
  }) => {
    const context = await newContext({ baseURL: server.url, timezoneId });
    const page = await context.newPage();
    const seen = SEEN[timezoneId];

    // Public pages: the cached, server-rendered page turns to the reader's zone once hydrated.
    await gotoHydrated(page, "/news");
    await expect(newsDate(page, EARLY_NEWS.title)).toHaveText(seen.early);
    await expect(newsDate(page, LATE_NEWS.title)).toHaveText(seen.late);
    await expect(newsDate(page, EARLY_NEWS.title)).toHaveAttribute(
      "datetime",
      EARLY_NEWS.createdAt,
    );
    await expect(newsDate(page, EARLY_NEWS.title)).toHaveAttribute("title", /\(.+\)$/);
    expect(await newsDate(page, EARLY_NEWS.title).getAttribute("title")).toContain(timezoneId);

    await gotoHydrated(page, `/news/${earlyNewsId}`);
    await expect(page.locator("article time")).toHaveText(seen.early);

    // Studio hours stay in the studio's zone, and say which.
    await gotoHydrated(page, "/contact");
    await expect(page.getByRole("definition").first()).toHaveText(
      `2:00 PM - 6:00 PM (${STUDIO_TIME_ZONE})`,
    );

    // The staff inbox, as every staff screen, keeps the studio's zone (the one staff type times in)
    // and names it in the dates' titles: list date and the detail pane's full date and time.
    await signedInAs("moderator", page, server.url);
    await openAdmin(page);
    const row = page
      .getByTestId("messages-list")
      .getByRole("row")
      .filter({ hasText: MESSAGE.subject });
    const studio = SEEN[STUDIO_TIME_ZONE];
    await expect(row.getByRole("cell").nth(2)).toHaveText(studio.messageList);
    await expect(row.getByRole("cell").nth(2).locator("time")).toHaveAttribute(
      "title",
      `${studio.messageDetail} (${STUDIO_TIME_ZONE})`,
    );
    await row.getByRole("button", { name: MESSAGE.name }).click();
    const detail = page.getByTestId("message-detail");
    await expect(detail.getByRole("heading", { name: MESSAGE.subject })).toBeVisible();
    await expect(detail.locator("time")).toHaveText(studio.messageDetail);
    await expect(detail.locator("time")).toHaveAttribute("datetime", MESSAGE.createdAt);
  });
}
