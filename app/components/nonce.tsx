import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the response being rendered (server/security.js makes one per
 * request). On the server it comes from the load context (app/entry.server.tsx); in the browser it is
 * empty, as browsers hide nonce attributes from scripts anyway.
 */
const NonceContext = createContext<string>("");

export const NonceProvider = NonceContext.Provider;

export const useNonce = () => useContext(NonceContext);
