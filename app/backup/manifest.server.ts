import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { AppError } from "~/platform/errors/app-error";
import { type ArchiveReader, damaged } from "./archive-reader.server";

// manifest.json, the archive's table of contents (docs/deployment.md#the-archive): what made it,
// the schema version its rows belong to, every member with its size and SHA-256, the tables in the
// order a restore loads them, the stored files, and the fingerprints (never the values) of the
// secrets its sealed data needs. manifest.sha256 beside it holds the manifest's own SHA-256, so a
// changed byte anywhere in the archive is found.

export const BACKUP_FORMAT = "studio-site backup";
/** Raised when a change to the layout means an older release could not read the archive. */
export const FORMAT_VERSION = 1;

export const MANIFEST = "manifest.json";
export const MANIFEST_SUM = "manifest.sha256";
export const SECRETS_MEMBER = "secrets.json";

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const member = z.object({
  member: z.string(),
  bytes: z.number().int().nonnegative(),
  sha256,
});

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int().positive(),
  createdAt: z.string(),
  app: z.object({ version: z.string() }),
  engine: z.object({ name: z.enum(["pglite", "postgres"]), version: z.string() }),
  /** The last migration applied when the snapshot was taken (its tag, and its journal time). */
  schema: z.object({ migration: z.string().nullable(), when: z.number().int() }),
  /** In the order a restore loads them (a table after those it refers to). */
  tables: z.array(
    member.extend({
      name: z.string(),
      /** The columns each line holds, in order: generated columns are left to the database. */
      columns: z.array(z.object({ name: z.string(), type: z.string() })),
      rows: z.number().int().nonnegative(),
    }),
  ),
  excludedTables: z.array(z.string()),
  sequences: z.array(z.object({ name: z.string(), value: z.string() })),
  storage: z.string(),
  files: z.array(member.extend({ key: z.string(), contentType: z.string() })),
  secrets: z.object({
    /** Whether secrets.json holds the secrets themselves (`backup create --with-secrets`). */
    included: member.nullable(),
    authSecret: z.object({ fingerprint: z.string() }),
    pressKeysSecret: z.object({
      fingerprint: z.string(),
      from: z.enum(["PRESS_KEYS_SECRET", "AUTH_SECRET"]),
    }),
    /** How many sealed values each kind has, so a restore can say what it opened. */
    sealed: z.record(z.string(), z.number().int().nonnegative()),
  }),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type TableEntry = Manifest["tables"][number];
export type FileEntry = Manifest["files"][number];

/** The site's release, from package.json beside app/ (and beside build/ when compiled). */
/** The site's package.json version, found above this module (app/backup/ or build/server/assets/). */
export function appVersion(): string {
  for (const up of ["../../package.json", "../../../package.json"]) {
    try {
      const file = fileURLToPath(new URL(up, import.meta.url));
      const json = JSON.parse(fs.readFileSync(file, "utf8")) as { name?: string; version?: string };
      if (json.name === "studio-site" && json.version) return json.version;
    } catch {
      // Not there: the next folder up.
    }
  }
  return "unknown";
}

export function manifestBytes(manifest: Manifest): { json: Buffer; sum: Buffer } {
  const json = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
  const sum = Buffer.from(`${crypto.createHash("sha256").update(json).digest("hex")}\n`);
  return { json, sum };
}

/** The archive's manifest, checked against its sum and its schema; any doubt is a damaged archive. */
export async function readManifest(archive: ArchiveReader): Promise<Manifest> {
  if (!archive.has(MANIFEST) || !archive.has(MANIFEST_SUM))
    throw damaged(archive.file, "it has no manifest");
  const json = await archive.readText(MANIFEST);
  const sum = (await archive.readText(MANIFEST_SUM)).trim();
  if (crypto.createHash("sha256").update(json).digest("hex") !== sum)
    throw damaged(archive.file, "its manifest does not match its checksum");
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw damaged(archive.file, "its manifest is not JSON");
  }
  const format = z
    .object({ format: z.literal(BACKUP_FORMAT), formatVersion: z.number() })
    .safeParse(value);
  if (!format.success) throw damaged(archive.file, "it is not a backup of this site");
  if (format.data.formatVersion > FORMAT_VERSION)
    throw new AppError(
      "unprocessable",
      `The archive ${path.basename(archive.file)} was written by a newer release of the site (archive format ${format.data.formatVersion}); upgrade this one first.`,
      { code: "archive_newer" },
    );
  const parsed = manifestSchema.safeParse(value);
  if (!parsed.success) throw damaged(archive.file, "its manifest is incomplete");
  return parsed.data;
}

/** Every member the manifest names, with what it must hold. */
export function manifestMembers(
  manifest: Manifest,
): (z.infer<typeof member> & { label: string })[] {
  return [
    ...manifest.tables.map((table) => ({ ...table, label: `table ${table.name}` })),
    ...manifest.files.map((file) => ({ ...file, label: `file ${file.key}` })),
    ...(manifest.secrets.included ? [{ ...manifest.secrets.included, label: "the secrets" }] : []),
  ];
}
