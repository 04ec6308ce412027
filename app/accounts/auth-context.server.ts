import { createContext } from "react-router";
import type { Auth } from "./auth.server";

/** The auth library, handed to loaders and actions through the router context. */
export const authContext = createContext<Auth>();
