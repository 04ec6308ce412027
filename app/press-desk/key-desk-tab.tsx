import { CoverageLog, type CoverageRow } from "./coverage-log";
import { type DeskGame, KeyBatches, type KeyRow } from "./key-batches";
import { type KeyRequestRow, KeyRequestsList } from "./key-requests-list";

/**
 * The Key requests tab (/admin/keys, docs/product.md#key-desk): the requests for everyone who may
 * read them; key batches and coverage for who may manage press.
 */
export function KeyDeskTab({
  manage,
  requests,
  games,
  keys,
  coverage,
}: {
  manage: boolean;
  requests: KeyRequestRow[];
  games: DeskGame[];
  keys: KeyRow[];
  coverage: CoverageRow[];
}) {
  const requestOptions = requests
    .filter((r) => r.status === "approved")
    .map((r) => ({ id: r.id, label: `${r.outlet} (${r.game}, ${r.platform})` }));
  return (
    <div className="space-y-6">
      <KeyRequestsList requests={requests} manage={manage} />
      {manage && <KeyBatches games={games} keys={keys} />}
      {manage && <CoverageLog games={games} coverage={coverage} requests={requestOptions} />}
    </div>
  );
}
