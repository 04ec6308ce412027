import { and, desc, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { isUuid } from "~/db/ids";
import { contactMessages } from "~/db/schema";
import { recordStaffAction } from "~/platform/audit/audit.server";
import { AppError } from "~/platform/errors/app-error";
import type { Mailer } from "~/platform/mail/mailer.server";
import type { Page, PageRequest } from "~/platform/paging/cursor";
import { cursorTime, keyset, toPage, whereAll } from "~/platform/paging/keyset.server";
import { matchesPrefixes } from "~/platform/paging/search.server";
import { staffToNotify } from "~/roles/index.server";
import type { ContactInput } from "./contact-schema";
import type { MessageEntry } from "./message-schema";

export type MessageOwner = { id: string; email: string; emailVerified: boolean };

/**
 * The messages that belong to an account: those it sent while signed in, and those sent by nobody
 * signed in from its address once it has proved the address is its own. An unverified account
 * cannot claim another person's messages by registering with their address.
 */
function ownedBy(account: MessageOwner): SQL {
  const sentByIt = eq(contactMessages.userId, account.id);
  if (!account.emailVerified) return sentByIt;
  return or(
    sentByIt,
    and(
      isNull(contactMessages.userId),
      eq(sql`lower(${contactMessages.email})`, account.email.toLowerCase()),
    ),
  )!;
}

/** For the account's data export, newest first. */
export async function listAccountMessages(db: Database, account: MessageOwner) {
  const rows = await db
    .select()
    .from(contactMessages)
    .where(ownedBy(account))
    .orderBy(desc(contactMessages.createdAt));
  return rows.map((m) => ({
    name: m.name,
    email: m.email,
    subject: m.subject,
    message: m.message,
    createdAt: m.createdAt,
  }));
}

/** On account deletion, in the deleting transaction: the account's messages go with it. */
export async function deleteAccountMessages(db: Database, account: MessageOwner): Promise<number> {
  const deleted = await db
    .delete(contactMessages)
    .where(ownedBy(account))
    .returning({ id: contactMessages.id });
  return deleted.length;
}

/** Newest first (docs/product.md#contact-messages-tab). */
export async function listMessages(db: Database): Promise<MessageEntry[]> {
  const rows = await db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    read: row.read,
    date: row.createdAt.toISOString(),
  }));
}

/** What the inbox search reads: sender, address (whole and by its parts), subject and text. */
export const MESSAGE_SEARCH_DOCUMENT = sql`to_tsvector('simple', ${contactMessages.name} || ' ' || ${contactMessages.email} || ' ' || translate(${contactMessages.email}, '@.', '  ') || ' ' || ${contactMessages.subject} || ' ' || ${contactMessages.message})`;

/** Messages a page of the inbox shows. */
export const INBOX_PAGE_SIZE = 20;

export type InboxFilter = { unreadOnly?: boolean; search?: string };

/** The query of one page of the inbox (exported for the index checks of the scale tests). */
export function messagesPageQuery(
  db: Database,
  page: PageRequest,
  filter: InboxFilter,
  size: number,
) {
  const bounds = keyset({ at: contactMessages.createdAt, id: contactMessages.id }, page, size);
  return db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      subject: contactMessages.subject,
      message: contactMessages.message,
      read: contactMessages.read,
      createdAt: contactMessages.createdAt,
      at: cursorTime(contactMessages.createdAt),
    })
    .from(contactMessages)
    .where(
      whereAll(
        filter.unreadOnly ? eq(contactMessages.read, false) : undefined,
        matchesPrefixes(MESSAGE_SEARCH_DOCUMENT, filter.search),
        bounds.where,
      ),
    )
    .orderBy(...bounds.orderBy)
    .limit(bounds.limit);
}

/**
 * One page of the inbox, newest first, optionally only unread messages or those matching a search
 * (docs/product.md#contact-messages-tab).
 */
export async function listMessagesPage(
  db: Database,
  options: { page?: PageRequest; size?: number } & InboxFilter = {},
): Promise<Page<MessageEntry>> {
  const page = options.page ?? { direction: "first" };
  const size = options.size ?? INBOX_PAGE_SIZE;
  const rows = await messagesPageQuery(db, page, options, size);
  return toPage(
    rows.map(({ createdAt, at, ...row }) => ({
      ...row,
      date: createdAt.toISOString(),
      cursor: { at, id: row.id },
    })),
    page,
    size,
  );
}

/** How many messages are unread (exact; read from the index of unread messages). */
export async function countUnreadMessages(db: Database): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(contactMessages)
    .where(eq(contactMessages.read, false));
  return row?.count ?? 0;
}

const MESSAGE_GONE = "This message no longer exists.";

/**
 * Unread to read, never back (docs/product.md#contact-messages-tab). Marking a read message again
 * changes nothing.
 */
export async function markMessageRead(
  db: Database,
  id: string,
  actor: { id: string; email: string },
) {
  if (!isUuid(id)) throw new AppError("not_found", MESSAGE_GONE);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ read: contactMessages.read })
      .from(contactMessages)
      .where(eq(contactMessages.id, id));
    if (!row) throw new AppError("not_found", MESSAGE_GONE);
    if (row.read) return;
    await tx.update(contactMessages).set({ read: true }).where(eq(contactMessages.id, id));
    await recordStaffAction(tx, {
      actor,
      action: "message.read",
      subjectType: "contact_message",
      subjectId: id,
    });
  });
}

/** Tells staff about a new message. The message is already stored; a mail failure only gets logged. */
export async function notifyStaff(
  db: Database,
  mailer: Mailer,
  siteUrl: string,
  message: ContactInput,
) {
  const recipients = await staffToNotify(db, "canManageMessages");
  await Promise.all(
    recipients.map((to) =>
      mailer.send({
        to,
        // "Reply" answers the visitor, not the site's sender.
        replyTo: message.email,
        subject: `New message: ${message.subject}`,
        text: `${message.name} <${message.email}> wrote:\n\n${message.message}\n\nRead and reply in the admin dashboard:\n${siteUrl}/admin\n`,
      }),
    ),
  );
  return recipients.length;
}
