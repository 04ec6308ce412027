// The press kits' server-only face: what other folders may call on the server.

export {
  countDownload,
  downloadCounts,
  ensureKitId,
  type Kit,
  kitIsPublic,
  kitOpens,
  readKit,
  revokeKitLinks,
  saveKit,
} from "./press.server";
export { logosWithQuery, mediaAccess, requireOpenKit } from "./press-access.server";
export { loadPressTab, SIGNED_LINK_DAYS, savePressKit } from "./press-admin.server";
export { servePressFile } from "./press-download.server";
export {
  buildKitZips,
  KIT_ZIPS,
  type KitFile,
  type KitZip,
  kitZip,
} from "./press-files.server";
export {
  gameKitFiles,
  readGameKitPage,
  readStudioKitPage,
  studioKitFiles,
} from "./press-reads.server";
export { exportPresskit, importPresskit, importPresskitUpload } from "./presskit-import.server";
export { readPresskitFolder, readPresskitZip } from "./presskit-source.server";
export { parsePresskitXml } from "./presskit-xml.server";
export { signKitLink } from "./signed-link.server";
