import { createInstance, type i18n as I18n } from "i18next";
import { isbot } from "isbot";
import { renderToReadableStream, renderToString } from "react-dom/server.node";
import { I18nextProvider } from "react-i18next";
import {
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { preloadCookieBanner } from "./components/layout/cookie-banner-slot";
import { NonceContext } from "./components/layout/nonce";
import type { PageHandle } from "./components/layout/page-handle";
import { DEFAULT_LOCALE } from "./lib/i18n";
import { TranslationMemoryContext } from "./lib/i18n-instance";
import { getRequestContext } from "./server/kernel/context.server";
import { getInstance } from "./server/kernel/i18n.server";
import { logError } from "./server/kernel/log.server";
import { translationMemory } from "./server/kernel/remembered-translations.server";
import { BUNDLED } from "./server/kernel/translations.server";

export const streamTimeout = 5_000;

/** If the i18n middleware itself failed, the error page still needs words: the bundled English. */
function i18nFor(loadContext: RouterContextProvider): I18n {
  try {
    return getInstance(loadContext);
  } catch {
    const fallback = createInstance({
      lng: DEFAULT_LOCALE,
      resources: { [DEFAULT_LOCALE]: BUNDLED[DEFAULT_LOCALE] ?? {} },
      defaultNS: "common",
      interpolation: { escapeValue: false },
    });
    void fallback.init();
    return fallback;
  }
}

/**
 * The matched routes' stylesheets as preload Link headers. They block the first paint, yet in the
 * HTML they come after the script preloads React hoists; from the headers (and Cloudflare's Early
 * Hints) the browser asks for them first.
 */
function stylesheetPreloads(routerContext: EntryContext): string {
  const hrefs = new Set<string>();
  for (const match of routerContext.staticHandlerContext.matches) {
    for (const href of routerContext.manifest.routes[match.route.id]?.css ?? []) hrefs.add(href);
  }
  return [...hrefs].map((href) => `<${href}>; rel=preload; as=style`).join(", ");
}

/**
 * A reading page (decision 074) writes no scripts, so nothing of it streams in after its shell and
 * nothing on it suspends: it is rendered to one string. React's stream turns each of the thousands
 * of pieces of markup it writes into bytes apart (a `TextEncoder` call each, the largest part of an
 * uncached render in a workerd profile); the string is turned into bytes once, by the Response.
 * A page that hydrates and an error page (whose component loads lazily) keep the stream; a string
 * is whole, as the stream is once `allReady` (bots, the edge cache).
 */
function rendersAsString(routerContext: EntryContext, responseStatusCode: number): boolean {
  const { matches, errors } = routerContext.staticHandlerContext;
  if (responseStatusCode !== 200 || errors || routerContext.isSpaMode) return false;
  return matches.some(
    (match) =>
      (routerContext.routeModules[match.route.id]?.handle as PageHandle | undefined)?.hydrate === false,
  );
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const { nonce, requestId, pageCache } = getRequestContext(loadContext);
  let shellRendered = false;
  const userAgent = request.headers.get("user-agent");

  const page = (
    <NonceContext.Provider value={nonce}>
      <I18nextProvider i18n={i18nFor(loadContext)}>
        <TranslationMemoryContext.Provider value={translationMemory}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </TranslationMemoryContext.Provider>
      </I18nextProvider>
    </NonceContext.Provider>
  );
  const preloads = stylesheetPreloads(routerContext);
  if (preloads) responseHeaders.append("Link", preloads);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");

  if (rendersAsString(routerContext, responseStatusCode)) {
    // The frame's one lazy part, loaded before an isolate's first string render, as a stream would wait for it.
    await preloadCookieBanner();
    // An error while rendering throws here, as in the stream's shell, and goes to handleError.
    const html = `<!DOCTYPE html>${renderToString(page)}`;
    return new Response(html, { headers: responseHeaders, status: responseStatusCode });
  }

  const body = await renderToReadableStream(page, {
    nonce,
    signal: AbortSignal.timeout(streamTimeout + 1000),
    onError(error: unknown) {
      responseStatusCode = 500;
      // Errors in the shell reject and are logged by handleError; these came later.
      if (shellRendered) logError(error, { requestId, url: request.url });
    },
  });
  shellRendered = true;

  // A page for the edge cache is kept whole, so an error after the shell must show in its status.
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode || pageCache) {
    await body.allReady;
  }

  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // Aborted requests (the visitor navigated away) are not errors worth a log line.
  if (request.signal.aborted) return;
  let requestId = "unknown";
  try {
    requestId = getRequestContext(context as RouterContextProvider).requestId;
  } catch {
    // The context is missing only if the Worker entry was bypassed; log without an id.
  }
  logError(error, { requestId, url: request.url, method: request.method });
};
