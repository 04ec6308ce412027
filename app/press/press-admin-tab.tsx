import { Link } from "react-router";
import type { MediaImage } from "~/media";
import { StudioTime } from "~/platform/dates/local-time";
import { failureMessage, useFetcherReply } from "~/platform/forms/fetcher-reply";
import { toast } from "~/platform/toast/notify";
import { ConfirmDialog } from "~/platform/ui/alert-dialog";
import { Button } from "~/platform/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/platform/ui/card";
import { Ban, Copy } from "~/platform/ui/icons";
import { type EditedKit, KitEditor } from "./kit-editor";
import { PresskitImportForm } from "./presskit-import-form";

// The admin's "Press Kits" tab: the studio's kit and each game's, their state, the editor of the
// open one with its download counts and a signed link to copy, and the presskit() zip import.

type KitRow = {
  key: string;
  title: string;
  path: string;
  public: boolean;
  listed: boolean;
  embargoUntil: string | null;
};

export type PressTabData = {
  kits: KitRow[];
  open: {
    key: string;
    title: string;
    gameId: string | null;
    path: string;
    kit: EditedKit;
    logoImages: Record<string, MediaImage>;
    counts: Record<string, number>;
    files: string[];
    signedLink: string | null;
    signedUntil: string;
  };
};

function KitState({ kit }: { kit: KitRow }) {
  if (kit.public) return "Public";
  if (!kit.listed || !kit.embargoUntil) return "Unlisted";
  return (
    <>
      Embargoed until <StudioTime value={kit.embargoUntil} format="zoned" />
    </>
  );
}

export function PressTab({
  kits,
  open,
  gameFields,
}: PressTabData & {
  /** Whether the import may create and change games (the game permission). */
  gameFields: boolean;
}) {
  const copy = async () => {
    if (!open.signedLink) return;
    await navigator.clipboard.writeText(open.signedLink).then(
      () => toast.success("Signed link copied"),
      () => toast.error("The link could not be copied: select it instead"),
    );
  };
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6 lg:grid-cols-[16rem_minmax(0,1fr)] lg:items-start">
      <div className="min-w-0 space-y-6">
        <nav aria-label="Press kits">
          <ul className="space-y-1">
            {kits.map((kit) => (
              <li key={kit.key}>
                <Link
                  to={`/admin/press?kit=${kit.key}`}
                  aria-current={kit.key === open.key ? "page" : undefined}
                  className="block rounded-md px-3 py-2 text-sm hover:bg-accent aria-[current=page]:bg-secondary aria-[current=page]:font-semibold"
                >
                  {kit.title}
                  <span className="block text-xs text-muted-foreground">
                    <KitState kit={kit} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2 className="text-lg">Import presskit() zip</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <PresskitImportForm
              gameFields={gameFields}
              games={kits
                .filter((kit) => kit.key !== "studio")
                .map((kit) => ({ slug: kit.key, title: kit.title }))}
            />
          </CardContent>
        </Card>
      </div>
      <div className="min-w-0 space-y-6">
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2 className="text-lg">Press kit: {open.title}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="space-y-4 text-sm">
            <p>
              Page:{" "}
              <a className="text-primary hover:underline" href={open.path}>
                {open.path}
              </a>
            </p>
            {open.signedLink ? (
              <div className="space-y-2">
                <label htmlFor="signed-link" className="font-medium">
                  Signed link (opens the kit before its embargo, until{" "}
                  <StudioTime value={open.signedUntil} format="zoned" />)
                </label>
                <div className="flex gap-2">
                  <input
                    id="signed-link"
                    readOnly
                    value={open.signedLink}
                    className="h-9 min-w-0 flex-1 rounded-md border bg-muted px-2 font-mono text-xs"
                  />
                  <Button type="button" variant="outline" size="sm" onClick={copy}>
                    <Copy aria-hidden="true" /> Copy
                  </Button>
                </div>
                <RevokeLinks gameId={open.gameId} title={open.title} />
              </div>
            ) : (
              <p className="text-muted-foreground">Save the kit once to get a signed link.</p>
            )}
            <table className="w-full text-left">
              <caption className="mb-2 text-left font-medium">Downloads</caption>
              <thead>
                <tr className="border-b">
                  <th scope="col" className="py-1">
                    File
                  </th>
                  <th scope="col" className="py-1 text-right">
                    Downloads
                  </th>
                </tr>
              </thead>
              <tbody>
                {open.files.map((file) => (
                  <tr key={file} className="border-b last:border-0">
                    <td className="py-1 font-mono text-xs">{file}</td>
                    <td className="py-1 text-right tabular-nums">{open.counts[file] ?? 0}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </CardContent>
        </Card>
        <Card>
          <CardContent standalone>
            <KitEditor
              key={open.key}
              kit={open.kit}
              gameId={open.gameId}
              logoImages={open.logoImages}
              canAnnounce={gameFields}
            />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

/** "Revoke all links": every signed link given for the kit so far stops opening it. */
function RevokeLinks({ gameId, title }: { gameId: string | null; title: string }) {
  const fetcher = useFetcherReply("press-revoke-links", (reply) => {
    if (reply.status === "success") toast.success("Every earlier signed link is revoked");
    else toast.error("The links were not revoked", { description: failureMessage(reply) });
  });
  return (
    <ConfirmDialog
      title={`Revoke every signed link to the ${title} kit?`}
      description="Links already sent stop opening the kit before it is public. The link above is replaced by a new one to send again."
      confirmLabel="Revoke all links"
      onConfirm={() =>
        fetcher.submit(
          { intent: "press-revoke-links", kit: gameId ?? "studio" },
          { method: "post" },
        )
      }
      trigger={
        <Button type="button" variant="outline" size="sm" disabled={fetcher.state !== "idle"}>
          <Ban aria-hidden="true" /> Revoke all links
        </Button>
      }
    />
  );
}
