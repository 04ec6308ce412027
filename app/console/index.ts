// The console feature's browser-safe face: what other folders may import.
import { lazy } from "react";

/** The developer console. Its code is its own chunk, fetched only when a developer or owner opens it. */
export const DevConsole = lazy(() => import("./dev-console"));
