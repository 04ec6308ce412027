import path from "node:path";
import { type MigrationEntry, readJournal } from "~/db/schema-version.server";
import { AppError } from "~/platform/errors/app-error";
import { type ArchiveReader, damaged, digestMember } from "./archive-reader.server";
import { MANIFEST, MANIFEST_SUM, type Manifest, manifestMembers } from "./manifest.server";

// What a restore checks before it touches anything: that this release can take the archive's
// schema version, and that every member is there, whole, with the bytes the manifest counted.

/** The migration the archive's rows belong to; refuses one newer than this release knows. */
export function archiveMigration(
  archive: ArchiveReader,
  manifest: Manifest,
  migrationsFolder?: string,
): MigrationEntry {
  const journal = readJournal(migrationsFolder);
  const newest = journal.at(-1);
  const name = path.basename(archive.file);
  const at = manifest.schema.migration ?? `one made at ${manifest.schema.when}`;
  if (newest && manifest.schema.when > newest.when)
    throw new AppError(
      "unprocessable",
      `The archive ${name} comes from a newer release of the site (its database is at migration ${at}, this release knows up to ${newest.tag}); upgrade the site before restoring it.`,
      { code: "schema_newer" },
    );
  const entry = journal.find((migration) => migration.when === manifest.schema.when);
  if (!entry)
    throw new AppError(
      "unprocessable",
      `The archive ${name} holds a database at a migration this release does not have (${at}); it cannot be restored here.`,
      { code: "schema_unknown" },
    );
  return entry;
}

/** Reads every member through and compares it with the manifest; any difference is refused. */
export async function verifyMembers(
  archive: ArchiveReader,
  manifest: Manifest,
  onBytes: (bytes: number, member: string) => void,
): Promise<void> {
  const expected = manifestMembers(manifest);
  const named = new Set([MANIFEST, MANIFEST_SUM, ...expected.map((entry) => entry.member)]);
  const extra = archive.names().find((member) => !named.has(member));
  if (extra) throw damaged(archive.file, `${extra} is not in its manifest`);
  for (const entry of expected) {
    if (!archive.has(entry.member)) throw damaged(archive.file, `${entry.label} is missing`);
    const digest = await digestMember(archive, entry.member, (bytes) =>
      onBytes(bytes, entry.member),
    );
    if (digest.bytes !== entry.bytes || digest.sha256 !== entry.sha256)
      throw damaged(archive.file, `the checksum of ${entry.label} does not match`);
  }
}
