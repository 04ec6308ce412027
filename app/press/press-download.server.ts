import { data } from "react-router";
import { getGameBySlug } from "~/games/index.server";
import { mediaOriginalFile } from "~/media/index.server";
import { addressKey } from "~/platform/limits/rate-limit.server";
import { type AppContext, requestContext, runtimeContext } from "~/platform/server/context.server";
import { requestTime } from "~/platform/server/faults.server";
import { readSettings } from "~/settings/index.server";
import { countDownload, ensureKitId } from "./press.server";
import { requireOpenKit } from "./press-access.server";
import { KIT_ZIPS, type KitZip, kitZip, storedKitZip } from "./press-files.server";
import { gameKitFiles, studioKitFiles, studioKitGames } from "./press-reads.server";
import { buildStudioPresskitXml } from "./presskit-company-xml.server";
import { exportPresskit } from "./presskit-import.server";
import { downloadHead, streamDownload } from "./stored-download.server";

// A kit's downloads: /press[/<slug>]/images.zip, logos.zip, data.xml (a game's, or the studio's
// company sheet) and each original at /press[/<slug>]/files/<name>; each counted. The same rule as
// the page: a kit guests may not see yet is a 404, a signed link opens it. Zips and originals are
// streamed from storage, with ranges (./stored-download.server.ts).

const notFound = () => data(null, { status: 404 });

/** An original's type by its extension, where it is not `image/<extension>`. */
const ORIGINAL_TYPES: Readonly<Record<string, string>> = {
  jpg: "image/jpeg",
  svg: "image/svg+xml",
};

/**
 * Counts a download: once per file and client address a day (a journalist's retries, a browser's
 * range requests and a script's loop count once), and a HEAD not at all.
 */
async function count(request: Request, context: AppContext, kitId: string, file: string) {
  if (request.method !== "GET") return;
  const { db, limits } = context.get(runtimeContext);
  const address = addressKey(context.get(requestContext).clientIp);
  const first = await limits.pressDownloads.consume(`${kitId}:${file}:${address}`);
  if (first.allowed) await countDownload(db, kitId, file);
}

/** One download of a kit (slug null: the studio's); `file` is a zip's, data.xml or files/<name>. */
export async function servePressFile(
  request: Request,
  context: AppContext,
  slug: string | null,
  file: string,
): Promise<Response> {
  const runtime = context.get(runtimeContext);
  const game = slug ? await getGameBySlug(runtime.db, slug) : null;
  if (slug && (!game || game.slug !== slug)) throw notFound();
  const { kit } = await requireOpenKit(request, context, game?.id ?? null);
  const settings = await readSettings(runtime.db);
  const files = game
    ? gameKitFiles(game, kit, settings)
    : studioKitFiles(
        await studioKitGames(runtime.db, requestTime(request, context)),
        settings.logo,
        settings.name,
        kit,
      );
  const kitId = kit.id ?? (await ensureKitId(runtime.db, game?.id ?? null));
  if (file === "data.xml") {
    await count(request, context, kitId, file);
    const xml = game
      ? exportPresskit(game, kit)
      : buildStudioPresskitXml(
          {
            name: settings.name,
            description: settings.description,
            website: runtime.env.SITE_URL,
            location: settings.location,
            pressEmail: settings.emailPress,
            socials: settings.socialLinks,
          },
          kit.data,
        );
    return new Response(xml, {
      headers: {
        "Content-Type": "application/xml; charset=utf-8",
        "Cache-Control": "private, no-store",
      },
    });
  }
  const address = addressKey(context.get(requestContext).clientIp);
  const zip = KIT_ZIPS.find((name) => `${name}.zip` === file) as KitZip | undefined;
  // A zip with nothing in it is not offered (a game kit without logos, nor a studio logo).
  if (zip && files.some((f) => f.zip === zip)) {
    const filename = `${game ? game.slug : "studio"}-${file}`;
    const type = "application/zip";
    // A HEAD is answered from the headers alone: no zip is built or read for it.
    if (request.method === "HEAD") {
      const stored = await storedKitZip(runtime, kitId, zip, files);
      const etag = `"${stored?.key.split("/").pop() ?? "unbuilt"}"`;
      return downloadHead({ type, filename, etag, size: stored?.size ?? null });
    }
    const key = await kitZip(runtime, kitId, zip, files);
    const size = (await runtime.storage.stat(key))?.size;
    if (size === undefined) throw notFound();
    await count(request, context, kitId, file);
    const etag = `"${key.split("/").pop()}"`;
    return streamDownload(request, runtime.storage, { key, type, filename, etag, size }, address);
  }
  const name = /^files\/([a-z0-9-]{1,140})$/.exec(file)?.[1];
  const entry = name ? files.find((f) => f.name === name) : undefined;
  const original = entry ? await mediaOriginalFile(runtime, entry.image) : null;
  const stored = original ? await runtime.storage.stat(original.key) : null;
  if (!entry || !original || !stored) throw notFound();
  const filename = `${entry.name}.${original.extension}`;
  const type = ORIGINAL_TYPES[original.extension] ?? `image/${original.extension}`;
  const described = {
    key: original.key,
    type,
    filename,
    etag: `"${entry.image}"`,
    size: stored.size,
  };
  if (request.method === "HEAD") return downloadHead(described);
  await count(request, context, kitId, entry.name);
  return streamDownload(request, runtime.storage, described, address);
}
