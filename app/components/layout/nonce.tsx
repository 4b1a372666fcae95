import { createContext, useContext } from "react";

// Browsers hide nonce attributes from script, so in the browser this is empty; that is expected.
export const NonceContext = createContext<string>("");
export const useNonce = () => useContext(NonceContext);
