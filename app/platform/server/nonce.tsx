import { createContext, useContext } from "react";

// The per-render CSP nonce, provided by the server for every page (a copy the page cache gives out
// keeps its render's nonce and header, docs/caching.md); in the browser there is none (browsers
// hide it).
const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
