import type { FormReply } from "~/platform/forms/submission.server";
import type { HookKind } from "./hook-schema";

// What the Announcements tab receives from its loader and its action.

export type HookView = {
  id: string;
  kind: HookKind;
  gameId: string | null;
  gameTitle: string | null;
  label: string;
  urlHint: string;
  roleId: string | null;
  threadName: string | null;
  createdAt: string;
};

export type DeliveryView = {
  id: string;
  hookLabel: string | null;
  postTitle: string | null;
  action: string;
  statusCode: number | null;
  attempt: number;
  outcome: string;
  error: string | null;
  nextRetryAt: string | null;
  at: string;
};

/** The tab's replies: a new webhook's secret (once), or what happened. */
export type HookReply = FormReply & { result?: { secret?: string; message?: string } };
