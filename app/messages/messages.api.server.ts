import { listOf } from "~/platform/http/api-shapes";
import { defineEndpoint, type Endpoint } from "~/platform/http/endpoint";
import type { Permission } from "~/roles";
import { MessageEntrySchema } from "./message-schema";
import { listMessages } from "./messages.server";

// The messages feature's API endpoint: the contact inbox, for canManageMessages.
export const MESSAGES_ENDPOINTS: Endpoint<Permission>[] = [
  defineEndpoint({
    method: "GET",
    path: "messages",
    summary: "Contact messages, newest first",
    permission: "canManageMessages",
    response: listOf(MessageEntrySchema),
    statuses: [200, 400, 401, 403, 429, 503],
    run: async ({ context, limit }) => ({
      data: (await listMessages(context.runtime.db)).slice(0, limit),
      limit,
    }),
  }),
];
