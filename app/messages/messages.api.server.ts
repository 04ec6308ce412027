import { type Endpoint, pagedListEndpoint } from "~/platform/http/endpoint";
import { runtimeContext } from "~/platform/server/context.server";
import type { Permission } from "~/roles";
import { MessageEntrySchema } from "./message-schema";
import { listMessagesPage } from "./messages.server";

// The messages feature's API endpoint: the contact inbox, for canManageMessages.
export const MESSAGES_ENDPOINTS: Endpoint<Permission>[] = [
  pagedListEndpoint({
    path: "messages",
    summary: "Contact messages, newest first",
    permission: "canManageMessages",
    item: MessageEntrySchema,
    statuses: [200, 400, 401, 403, 429, 503],
    read: ({ context, limit, page }) =>
      listMessagesPage(context.get(runtimeContext).db, { page, size: limit }),
  }),
];
