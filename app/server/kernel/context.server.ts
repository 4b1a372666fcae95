import { createContext, type RouterContextProvider } from "react-router";

/** What the Worker hands every loader, action and middleware for one request. */
type RequestContext = {
  ctx: ExecutionContext;
  /** Per-request CSP nonce for the few inline scripts we render. */
  nonce: string;
  /** Logged with every error so a report can be matched to a request. */
  requestId: string;
  /** The page may go to the edge HTML cache: render it whole before answering (decision 027). */
  pageCache?: boolean;
};

export const requestContext = createContext<RequestContext>();

export function getRequestContext(context: Readonly<RouterContextProvider>): RequestContext {
  return context.get(requestContext);
}
