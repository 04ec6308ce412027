import { useEffect } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/platform/toast/notify";

export type DeskReply = { ok: boolean; message: string };

/** A key desk form's fetcher: its answer is a toast. */
export function useDeskFetcher(key: string) {
  const fetcher = useFetcher<DeskReply>({ key });
  useEffect(() => {
    if (!fetcher.data) return;
    if (fetcher.data.ok) toast.success(fetcher.data.message);
    else toast.error(fetcher.data.message);
  }, [fetcher.data]);
  return fetcher;
}
