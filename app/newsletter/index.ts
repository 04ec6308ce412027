// The newsletter feature's browser-safe face: what other folders may import.

export { SubscribeForm, type SubscribeList } from "./subscribe-form";
export {
  CHECK_INBOX,
  gameListName,
  INVALID_LINK,
  STUDIO_LIST,
  studioListName,
} from "./subscribe-limits";
export { type SubscribeInput, SubscribeSchema } from "./subscribe-schema";
export { SubscribersTab } from "./subscribers-admin-tab";
