import { createContext, useContext } from 'react'

const NonceContext = createContext<string | undefined>(undefined)
export const NonceProvider = NonceContext.Provider

/** The per-response CSP nonce; undefined in the browser, where scripts are already trusted. */
export function useNonce() {
  return useContext(NonceContext)
}
