// The messages feature's browser-safe face: what other folders may import.

export { ContactForm } from "./contact-form";
export { CONTACT_LIMITS, HONEYPOT_FIELD } from "./contact-limits";
export { type ContactField, ContactSchema } from "./contact-schema";
export type { MessageEntry } from "./message-schema";
export { type InboxFilter, MessagesTab } from "./messages-admin-tab";
