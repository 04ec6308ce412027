// The messages feature's server-only face: what other folders may import on the server.

export { answerContactForm } from "./contact.server";
export { type MessageEntry, MessageEntrySchema } from "./message-schema";
export { MESSAGES_ENDPOINTS } from "./messages.api.server";
export {
  countUnreadMessages,
  deleteAccountMessages,
  listAccountMessages,
  listMessages,
  listMessagesPage,
  markMessageRead,
} from "./messages.server";
