// The messages feature's server-only face: what other folders may import on the server (decision 031).
export {
  deleteAccountMessages,
  listAccountMessages,
  listMessages,
  type MessageEntry,
  markMessageRead,
  notifyStaff,
  submitContactMessage,
} from "./messages.server";
