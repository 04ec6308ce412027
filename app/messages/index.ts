// The messages feature's browser-safe face: what other folders may import (decision 031).

export { ContactForm } from "./contact-form";
export { ContactSchema } from "./contact-schema";
export { MessagesTab } from "./messages-admin-tab";
