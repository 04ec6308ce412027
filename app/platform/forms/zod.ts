import { z } from "zod";

// The zod that form schemas shared with the browser import. In the browser zod runs "jitless": its
// compiled fast path probes for `new Function`, which the CSP forbids, and the refused probe is
// reported as a CSP violation on every page with a form. Set before any schema is built (object
// schemas read the setting when they are created), hence this module rather than a call elsewhere.
if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
