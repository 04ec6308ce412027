// The announcements feature's server-only face: what other folders may import on the server.
export {
  type AnnouncementsResult,
  loadAnnouncements,
  runAnnouncementsAction,
} from "./announcements-admin.server";
export { checkSealedHooks, openHook, resealHooks, saveHook } from "./hooks.server";
export { signature } from "./payloads.server";
export { announcementQueues } from "./queue.server";
export { testHook } from "./remote.server";
export { type AnnouncementDeps, SYNC_QUEUE, sweep, syncPost } from "./sync.server";
