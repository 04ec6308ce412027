import { createContext, useContext } from "react";

// The per-request CSP nonce. The server provides it; in the browser it is empty (browsers hide it).
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
