import { useState } from "react";
import { failureMessage, useFetcherReply } from "~/platform/forms/fetcher-reply";
import { FormErrors } from "~/platform/forms/schema-form";
import { toast } from "~/platform/toast/notify";
import { Button } from "~/platform/ui/button";
import { Eye, Send } from "~/platform/ui/icons";
import {
  firstMailChoice,
  listsFollowGames,
  type MailChoice,
  tickGame,
  tickList,
} from "./news-editor-choices";
import type { NewsEntry } from "./news-schema";

// The news editor's part of the newsletter (docs/product.md#newsletter-sending): which lists get
// the post by mail once it is public, a preview and a test to oneself, and the send's progress.
// The route hands the lists and each post's send (the newsletter feature reads them).

/** A post's send as the admin shows it. */
export type NewsSend = {
  state: "pending" | "sending" | "done";
  /** "studio" or a game's id. */
  lists: string[];
  queued: number;
  sent: number;
  failed: number;
  skipped: number;
};

/**
 * Each post's send, and "waiting" for a post with lists that has none yet: the newsletter makes a
 * post's send only once the post is public and listed (until then, its lists are the post's own).
 */
export function withWaitingMail(
  posts: readonly { id: string; mailLists?: string[] }[],
  sends: Record<string, NewsSend>,
): Record<string, NewsSend> {
  const waiting = posts
    .filter((post) => !sends[post.id] && (post.mailLists?.length ?? 0) > 0)
    .map((post): [string, NewsSend] => [
      post.id,
      { state: "pending", lists: post.mailLists ?? [], queued: 0, sent: 0, failed: 0, skipped: 0 },
    ]);
  return { ...Object.fromEntries(waiting), ...sends };
}

export type NewsMailing = {
  /** The lists a post may go to: "studio" or a game's id, and the name shown. */
  lists: { value: string; label: string }[];
  /** Each listed post's send, by post id. */
  sends: Record<string, NewsSend>;
  /** No postal address in the site settings: every mail's footer would go out without one. */
  postalAddressMissing?: boolean;
};

export const POSTAL_ADDRESS_MISSING =
  "No postal address is set: the laws on commercial mail (CAN-SPAM, the German Impressum) expect one at the foot of every newsletter. Add it under Contact in Site Settings.";

export const LISTS_LOCKED_NOTE =
  "The mail has started going out: its lists can no longer be changed.";

/**
 * The lists a post is mailed to as the editor holds them: a new post's start with none (its first
 * game brings the studio's), an edited post's with those saved; the games ticked in About move their own lists (while the post
 * is not public yet) until staff set a list by hand. `reset` starts again from another post.
 */
export function useMailChoice(editing: NewsEntry | null) {
  const [choice, setChoice] = useState<MailChoice>(() => firstMailChoice(editing));
  const follows = listsFollowGames(editing);
  return {
    lists: choice.lists,
    follows,
    reset: (to: NewsEntry | null) => setChoice(firstMailChoice(to)),
    onGame: (id: string, ticked: boolean, gamesTicked: number) => {
      if (follows) setChoice((current) => tickGame(current, id, ticked, gamesTicked));
    },
    onList: (list: string, ticked: boolean) =>
      setChoice((current) => tickList(current, list, ticked)),
  };
}

/** The "Send by mail to" fieldset of the editor, for a new post or the one edited. */
export function MailingFieldset({
  mailing,
  editingId,
  savedLists,
  choice,
  errors,
}: {
  mailing: NewsMailing;
  editingId: string | null;
  /** The lists the post is mailed to ("studio" or a game's id), as saved with it. */
  savedLists: readonly string[];
  /** The lists ticked now, whether they follow the games, and a tick by hand. */
  choice: Pick<ReturnType<typeof useMailChoice>, "lists" | "follows" | "onList">;
  errors?: string[];
}) {
  const send = editingId ? mailing.sends[editingId] : undefined;
  const locked = send !== undefined && send.state !== "pending";
  // Fixed lists are shown as saved, whatever the games ticked since.
  const chosen = new Set(locked ? savedLists : choice.lists);
  const test = useFetcherReply("news-mail-test", (reply) => {
    if (reply.status === "success")
      toast.success("Test sent", { description: "Check your inbox: the mail is marked [Test]." });
    else toast.error("Failed to send the test", { description: failureMessage(reply) });
  });
  return (
    <fieldset
      className="space-y-2 rounded-md border p-3"
      aria-describedby={locked ? "news-mail-locked" : "news-mail-hint"}
      data-testid="news-mailing"
    >
      <legend className="px-1 text-sm font-medium">Send by mail to</legend>
      <div className="grid gap-1.5 sm:grid-cols-2">
        {mailing.lists.map((list) => (
          <label key={list.value} className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              name={locked ? undefined : "mailLists"}
              value={list.value}
              checked={chosen.has(list.value)}
              onChange={(event) => choice.onList(list.value, event.target.checked)}
              disabled={locked}
              className="mt-0.5 size-4 shrink-0 accent-primary"
            />
            <span className="min-w-0 [overflow-wrap:anywhere]">{list.label}</span>
          </label>
        ))}
      </div>
      {/* Fixed lists are sent as they are: saving the post again keeps them. */}
      {locked &&
        [...chosen].map((value) => (
          <input key={value} type="hidden" name="mailLists" value={value} />
        ))}
      {locked ? (
        <p id="news-mail-locked" className="text-sm text-muted-foreground">
          {LISTS_LOCKED_NOTE}
        </p>
      ) : (
        <p id="news-mail-hint" className="text-sm text-muted-foreground">
          Subscribers of the lists ticked get the post by mail once it is public (now, or at its
          scheduled time), each one once.{" "}
          {choice.follows
            ? "A game ticked in About ticks its list and the studio's too (unticking it unticks them), unless you set that list yourself."
            : "The post is public already: a list ticked here mails it once you save."}
        </p>
      )}
      {!locked && mailing.postalAddressMissing && (
        <p className="text-sm text-amber-800 dark:text-amber-300" data-testid="news-mail-postal">
          {POSTAL_ADDRESS_MISSING}{" "}
          <a className="underline" href="/admin/settings">
            Open Site Settings
          </a>
        </p>
      )}
      <FormErrors errors={errors} id="news-mail-lists-error" />
      {send && <SendProgressLine send={send} />}
      {editingId ? (
        <div className="flex flex-wrap gap-2 pt-1">
          <Button asChild variant="outline" size="sm">
            <a href={`/admin/news-mail-preview?id=${editingId}`} target="_blank" rel="noopener">
              <Eye aria-hidden="true" />
              Preview mail
            </a>
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={test.state !== "idle"}
            onClick={() =>
              test.submit({ intent: "news-mail-test", id: editingId }, { method: "post" })
            }
          >
            <Send aria-hidden="true" />
            {test.state !== "idle" ? "Sending…" : "Send test to me"}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">
          Save the post (a draft will do) to preview its mail or send yourself a test.
        </p>
      )}
    </fieldset>
  );
}

/** A send's progress: how many are still to go, sent, failed, and skipped (unsubscribed since). */
export function SendProgressLine({ send }: { send: NewsSend }) {
  if (send.state === "pending")
    return (
      <p className="text-sm text-muted-foreground" data-testid="send-progress">
        Mail waiting: it goes out when the post is public.
      </p>
    );
  return (
    <p
      className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground"
      data-testid="send-progress"
    >
      <span className="font-medium text-foreground">
        {send.state === "done" ? "Mail sent" : "Mail sending"}:
      </span>
      <span>{send.queued} queued</span>
      <span>{send.sent} sent</span>
      <span className={send.failed > 0 ? "text-destructive" : undefined}>{send.failed} failed</span>
      <span>{send.skipped} skipped (unsubscribed since)</span>
    </p>
  );
}
