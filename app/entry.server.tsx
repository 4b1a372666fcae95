import { createInstance, type i18n as I18n } from "i18next";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server.node";
import { I18nextProvider } from "react-i18next";
import {
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { NonceContext } from "./components/layout/nonce";
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

  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <I18nextProvider i18n={i18nFor(loadContext)}>
        <TranslationMemoryContext.Provider value={translationMemory}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </TranslationMemoryContext.Provider>
      </I18nextProvider>
    </NonceContext.Provider>,
    {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors in the shell reject and are logged by handleError; these came later.
        if (shellRendered) logError(error, { requestId, url: request.url });
      },
    },
  );
  shellRendered = true;

  // A page for the edge cache is kept whole, so an error after the shell must show in its status.
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode || pageCache) {
    await body.allReady;
  }

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  const preloads = stylesheetPreloads(routerContext);
  if (preloads) responseHeaders.append("Link", preloads);
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
