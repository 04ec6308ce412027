import { type Endpoint, listEndpoint } from "~/platform/http/endpoint";
import type { Permission } from "~/roles";
import { MessageEntrySchema } from "./message-schema";
import { listMessages } from "./messages.server";

// The messages feature's API endpoint: the contact inbox, for canManageMessages.
export const MESSAGES_ENDPOINTS: Endpoint<Permission>[] = [
  listEndpoint({
    path: "messages",
    summary: "Contact messages, newest first",
    permission: "canManageMessages",
    item: MessageEntrySchema,
    statuses: [200, 400, 401, 403, 429, 503],
    read: ({ context }) => listMessages(context.runtime.db),
  }),
];
