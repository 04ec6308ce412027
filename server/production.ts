// What serves the production build's browser files (build/client): the options createSite
// (server/app.ts) mounts them with. server.ts passes them for `npm start`; the tests' in-process
// site (tests/support/site.ts) passes the same ones, so it serves files as the real server does.
import fs from "node:fs";
import path from "node:path";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import type { SiteOptions } from "./app";

/** serveAssets and serveFiles for the build of the checkout at `root`. */
export function productionFiles(root: string): Pick<SiteOptions, "serveAssets" | "serveFiles"> {
  return {
    // Hashed file names never change content: cache them for a year. Scripts and stylesheets go
    // out as compressed at build time (.br, else .gz), never per request.
    serveAssets: (app) =>
      app.use(
        "/assets",
        expressStaticGzip(path.join(root, "build/client/assets"), {
          enableBrotli: true,
          orderPreference: ["br", "gz"],
          // A hashed file is never asked for again, so no validators; nor are scripts fetched
          // in ranges: ~100 bytes fewer on each of a page's ~20 scripts.
          serveStatic: {
            immutable: true,
            maxAge: "1y",
            etag: false,
            lastModified: false,
            acceptRanges: false,
          },
        }),
      ),
    // The public folder's few files (favicon, images), listed once: a page request never looks on
    // disk for a file of its name.
    serveFiles: (app) => {
      const folder = path.join(root, "build/client");
      const files = new Set(
        fs
          .readdirSync(folder, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => `/${path.relative(folder, path.join(entry.parentPath, entry.name))}`),
      );
      const serve = express.static(folder, { maxAge: "1h" });
      app.use((req, res, next) => (files.has(req.path) ? serve(req, res, next) : next()));
    },
  };
}
