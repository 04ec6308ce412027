// The press kits' browser-safe face: what other folders may import.
export { FactSheet } from "./fact-sheet";
export { KitEditor, KitFormSchema } from "./kit-editor";
export { embargoSentence, PressKitErrorBoundary } from "./kit-embargo-notice";
export { KitLinksSchema, kitEmbargo } from "./kit-form";
export {
  type KitData,
  KitDataSchema,
  MONETIZATION,
  MONETIZATION_WORDS,
  type Monetization,
} from "./kit-schema";
export { PressTab, type PressTabData } from "./press-admin-tab";
export { PressKitPage } from "./press-kit-page";
export {
  PRESSKIT_UPLOAD_MAX_BYTES,
  type PresskitImported,
  PresskitImportSchema,
} from "./presskit-import-schema";
export { StudioKitPage } from "./studio-kit-page";
