// The messages feature's server-only face: what other folders may import on the server (decision 031).

export { answerContactForm } from "./contact.server";
export {
  deleteAccountMessages,
  listAccountMessages,
  listMessages,
  type MessageEntry,
  markMessageRead,
} from "./messages.server";
