import { createContext, useContext } from "react";

// The per-request CSP nonce. The server provides it, except for pages the page cache shares (their
// inline scripts are allowed by hash); in the browser there is none (browsers hide it).
const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
