import { data } from "react-router";
import { servePressFile } from "~/press/index.server";
import type { Route } from "./+types/press-file";

// A press kit's downloads (docs/product.md#press-kit): /press/<slug>/images.zip, logos.zip,
// data.xml, /press/<slug>/files/<name>, and the studio's /press/images.zip, logos.zip, data.xml,
// /press/files/<name>. The route table names each address; this module serves them all.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  const match =
    /^\/press\/(?:([a-z0-9]+(?:-[a-z0-9]+)*)\/)?(images\.zip|logos\.zip|data\.xml|files\/[a-z0-9-]+)$/.exec(
      path,
    );
  if (!match?.[2]) throw data(null, { status: 404 });
  // "/press/files/<name>" is the studio's file, not a game slugged "files".
  const slug = match[1] === "files" ? null : (match[1] ?? null);
  const file = match[1] === "files" ? `files/${match[2]}` : match[2];
  return servePressFile(request, context, slug ?? params.slug ?? null, file);
}
