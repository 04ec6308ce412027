import { useEffect, useState } from "react";
import { useFetchers } from "react-router";
import { StudioTime } from "~/platform/dates/local-time";
import { failureMessage, useFetcherReply } from "~/platform/forms/fetcher-reply";
import { IntentForm } from "~/platform/forms/schema-form";
import type { FormReply } from "~/platform/forms/submission.server";
import type { CursorParams, Page } from "~/platform/paging/cursor";
import { ListSearch } from "~/platform/paging/list-search";
import { PageLinks } from "~/platform/paging/page-links";
import { toast } from "~/platform/toast/notify";
import { Button } from "~/platform/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/platform/ui/card";
import { cn } from "~/platform/ui/cn";
import { Check, Mail, Reply } from "~/platform/ui/icons";
import type { MessageEntry } from "./message-schema";

export function mailtoReply(message: Pick<MessageEntry, "email" | "subject">): string {
  // The '@' between local part and domain stays literal: an encoded '%40' belongs to the local part
  // (RFC 6068), so mail clients would not find the domain.
  const address = message.email.split("@").map(encodeURIComponent).join("@");
  return `mailto:${address}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`;
}

/** A table cell's padding: tighter on a phone, so the four columns fit its width. */
const CELL = "px-2 py-2 sm:px-3";
/** From and Subject: up to two lines, broken anywhere, then an ellipsis (the detail shows all). */
const TWO_LINES = "line-clamp-2 [overflow-wrap:anywhere]";

/** The inbox's filter: only unread messages, and a search of sender, address, subject and text. */
export type InboxFilter = { unreadOnly: boolean; search: string };

export function MessagesTab({
  messages,
  loadError,
  page,
  unread,
  filter,
  params,
}: {
  messages: MessageEntry[];
  loadError: string | null;
  page: Pick<Page<MessageEntry>, "newer" | "older">;
  unread: number;
  filter: InboxFilter;
  params: CursorParams;
}) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  useEffect(() => {
    if (loadError)
      toast.error("Error fetching messages", {
        description: loadError ?? "Failed to load messages",
      });
  }, [loadError]);
  const onReply = (explicit: boolean) => (reply: FormReply) => {
    if (reply.status !== "success")
      toast.error("Error", {
        description: failureMessage(reply) || "Failed to update message status",
      });
    else if (explicit) toast.success("Message marked as read");
  };
  // Opening marks a message read quietly; only the Mark as read button says so.
  const opened = useFetcherReply("message-opened", onReply(false));
  const button = useFetcherReply("message-mark-read", onReply(true));
  // While a mark-read is on its way, the message already shows as read.
  const pendingRead = new Set(
    useFetchers()
      .filter((f) => f.formData?.get("intent") === "mark-read")
      .map((f) => String(f.formData?.get("id"))),
  );
  const isRead = (m: MessageEntry) => m.read || pendingRead.has(m.id);
  const selected = messages.find((m) => m.id === selectedId) ?? null;

  function open(message: MessageEntry) {
    setSelectedId(message.id);
    // Opening an unread message marks it read (docs/product.md#contact-messages-tab).
    if (!isRead(message))
      opened.submit({ intent: "mark-read", id: message.id }, { method: "post" });
  }

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)]">
      <Card>
        {/* Narrower padding on a phone leaves the table room for all four columns. */}
        <CardHeader className="px-4 sm:px-6">
          <CardTitle asChild>
            <h2 className="flex items-center gap-2 text-lg">
              Messages
              <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-medium text-accent-foreground">
                {unread} unread
              </span>
            </h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="px-4 sm:px-6">
          <ListSearch name="mq" label="Search messages" value={filter.search}>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="unread" value="1" defaultChecked={filter.unreadOnly} />
              Unread only
            </label>
          </ListSearch>
          {messages.length === 0 ? (
            <p className="py-10 text-center text-muted-foreground">
              {filter.search || filter.unreadOnly
                ? "No messages match this search"
                : "No messages received yet"}
            </p>
          ) : (
            <div
              className="max-h-[400px] overflow-auto rounded-md border"
              data-testid="messages-list"
            >
              {/* Fixed columns: Date and Status keep their width on a phone; From and Subject
                  share the rest, in up to two lines each. */}
              <table className="w-full table-fixed text-left text-sm">
                <colgroup>
                  <col />
                  <col />
                  <col className="w-28" />
                  <col className="w-[3.75rem] sm:w-20" />
                </colgroup>
                <thead className="sticky top-0 bg-muted text-muted-foreground">
                  <tr>
                    <th scope="col" className={cn(CELL, "font-medium")}>
                      From
                    </th>
                    <th scope="col" className={cn(CELL, "font-medium")}>
                      Subject
                    </th>
                    <th scope="col" className={cn(CELL, "font-medium")}>
                      Date
                    </th>
                    <th scope="col" className={cn(CELL, "font-medium")}>
                      Status
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {messages.map((message) => {
                    const read = isRead(message);
                    return (
                      <tr
                        key={message.id}
                        onClick={() => open(message)}
                        aria-selected={message.id === selectedId}
                        className={cn(
                          "cursor-pointer border-t hover:bg-accent/60",
                          message.id === selectedId && "bg-accent",
                          !read && "font-semibold",
                        )}
                      >
                        <td className={CELL}>
                          <button
                            type="button"
                            title={message.name}
                            className="text-left hover:underline"
                            onClick={(event) => {
                              event.stopPropagation();
                              open(message);
                            }}
                          >
                            <span className={TWO_LINES}>{message.name}</span>
                          </button>
                        </td>
                        <td className={CELL} title={message.subject}>
                          <span className={TWO_LINES}>{message.subject}</span>
                        </td>
                        <td className={cn(CELL, "whitespace-nowrap")}>
                          <StudioTime value={message.date} format="list" />
                        </td>
                        <td className={CELL}>
                          {read ? (
                            <Check aria-label="Read" className="size-4 text-green-600" />
                          ) : (
                            <span
                              role="img"
                              aria-label="Unread"
                              className="inline-block size-2.5 rounded-full bg-primary"
                            />
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
          <PageLinks
            page={page}
            label="Message pages"
            newerText="Newer"
            olderText="Older"
            params={params}
          />
        </CardContent>
      </Card>
      <Card>
        <CardContent standalone>
          {!selected ? (
            <p className="flex min-h-48 items-center justify-center text-center text-muted-foreground">
              <Mail aria-hidden="true" className="mr-2 size-5" />
              Select a message to view details
            </p>
          ) : (
            <article
              aria-labelledby="message-subject"
              className="space-y-4"
              data-testid="message-detail"
            >
              <h3 id="message-subject" className="text-xl font-semibold">
                {selected.subject}
              </h3>
              <p className="text-sm">
                <span className="font-medium">{selected.name}</span>{" "}
                <span className="text-muted-foreground">&lt;{selected.email}&gt;</span>
              </p>
              <p className="text-sm text-muted-foreground">
                <StudioTime value={selected.date} format="detail" />
              </p>
              <p className="whitespace-pre-wrap rounded-md bg-muted p-4 text-sm">
                {selected.message}
              </p>
              <div className="flex flex-wrap gap-2">
                <IntentForm fetcher={button} intent="mark-read" values={{ id: selected.id }}>
                  <Button type="submit" variant="outline" disabled={isRead(selected)}>
                    <Check aria-hidden="true" />
                    Mark as read
                  </Button>
                </IntentForm>
                <Button asChild>
                  <a href={mailtoReply(selected)}>
                    <Reply aria-hidden="true" />
                    Reply via Email
                  </a>
                </Button>
              </div>
            </article>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
