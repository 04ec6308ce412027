// The press desk's browser-safe face: what other folders may import.

export { KeyDeskTab } from "./key-desk-tab";
export { KEY_REQUEST_SENT, KeyRequestForm, keyRequestPath } from "./key-request-form";
export { KEY_REQUEST_LIMITS } from "./key-request-limits";
export { KeyRequestSchema } from "./key-request-schema";
