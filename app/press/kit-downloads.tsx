import { buttonVariants } from "~/platform/ui/button";
import { Download } from "~/platform/ui/icons";

// A kit's download links: a zip only when the kit has something to put in it (a game without logos
// offers the studio's logo, and neither means no logos.zip), and data.xml always.

export function KitDownloads({
  base,
  query,
  images,
  logos,
}: {
  /** The kit's address: `/press` or `/press/<slug>`. */
  base: string;
  /** A signed link's query, carried to the downloads; empty for a public kit. */
  query: string;
  /** Whether the kit has pictures (images.zip) and logos (logos.zip). */
  images: boolean;
  logos: boolean;
}) {
  const zips = [...(images ? ["images.zip"] : []), ...(logos ? ["logos.zip"] : [])];
  return (
    <>
      {zips.map((zip) => (
        <a
          key={zip}
          href={`${base}/${zip}${query}`}
          className={buttonVariants({ variant: "outline", size: "sm" })}
          download
        >
          <Download aria-hidden="true" className="size-4" /> {zip}
        </a>
      ))}
      <a
        href={`${base}/data.xml${query}`}
        className={buttonVariants({ variant: "outline", size: "sm" })}
        download
      >
        <Download aria-hidden="true" className="size-4" /> data.xml
      </a>
    </>
  );
}
