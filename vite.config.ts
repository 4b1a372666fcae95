import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import UnoCSS from "unocss/vite";
import { defineConfig, normalizePath, type Plugin } from "vite";

const browserTranslator = fileURLToPath(new URL("./app/components/layout/i18n-browser.tsx", import.meta.url));
// Compared with the ids Vite hands plugins, which use forward slashes on every system.
const serverTranslation = normalizePath(
  fileURLToPath(new URL("./app/server/kernel/use-translation.server.ts", import.meta.url)),
);
const siteRouterLinks = normalizePath(fileURLToPath(new URL("./app/lib/router-links.tsx", import.meta.url)));
const appDirectory = normalizePath(fileURLToPath(new URL("./app", import.meta.url))) + "/";

/**
 * The client build takes the site's own small translator in place of i18next and react-i18next
 * (decision 027); the server build, dev and the tests keep the real libraries.
 */
function browserTranslatorInClientBuild(): Plugin {
  return {
    name: "browser-translator",
    apply: "build",
    enforce: "pre",
    resolveId(id) {
      if (this.environment.name !== "client") return null;
      return id === "i18next" || id === "react-i18next" ? browserTranslator : null;
    },
  };
}

/**
 * In the built site the app's own modules take React Router with a `Link` and `NavLink` that do
 * for a plain path only what it needs (decisions 034 and 035), and, on the server, react-i18next
 * with a `useTranslation` that keeps one `t` per shared instance (decision 031). Each stand-in
 * imports the library itself; the libraries' own modules keep theirs, and dev and the tests use
 * the libraries as they are.
 */
const STAND_INS: Record<string, Record<string, string>> = {
  client: { "react-router": siteRouterLinks },
  ssr: { "react-i18next": serverTranslation, "react-router": siteRouterLinks },
};
function standInsInBuild(): Plugin {
  const taken = new Set<string>();
  return {
    name: "stand-ins",
    apply: "build",
    enforce: "pre",
    resolveId(id, importer) {
      const standIn = STAND_INS[this.environment.name]?.[id];
      if (!standIn || !importer) return null;
      if (!importer.startsWith(appDirectory) || importer === standIn) return null;
      taken.add(`${this.environment.name} ${id}`);
      return standIn;
    },
    // A stand-in that no module took is a silent loss of what those decisions measured.
    buildEnd(error) {
      const environment = this.environment.name;
      if (error || !STAND_INS[environment]) return;
      const untaken = Object.keys(STAND_INS[environment]).filter((id) => !taken.has(`${environment} ${id}`));
      if (untaken.length)
        this.error(`no app module took the ${environment} stand-in for ${untaken.join(", ")}`);
    },
  };
}

const MATCHER_MODULE =
  /react-router[\\/]dist[\\/](production|development)[\\/]lib[\\/]router[\\/]matcher\.js$/;
const MATCH_METHOD = `	match(locationArg, allowPartial = false) {
		return matchRoutesImpl(this.#routes, locationArg, this.#basename, allowPartial, this.#branches);
	}`;
const REMEMBERED_MATCH = `	#matched = new Map();
	match(locationArg, allowPartial = false) {
		const pathname = typeof locationArg === "string" ? locationArg.split(/[?#]/)[0] : locationArg.pathname;
		const key = (allowPartial ? "1" : "0") + pathname;
		let found = this.#matched.get(key);
		if (found === undefined) {
			found = matchRoutesImpl(this.#routes, locationArg, this.#basename, allowPartial, this.#branches);
			if (this.#matched.size >= 500) this.#matched.clear();
			this.#matched.set(key, found);
		}
		return found && found.map((match) => ({ ...match, params: { ...match.params } }));
	}`;

/**
 * React Router matches a request's path against every ranked route branch (a regular expression
 * each, some two hundred here) three times per request, about a seventh of an uncached page's CPU.
 * In the server build its matcher remembers, per isolate, what a path matched (at most 500 paths;
 * the routes never change in a built Worker), and hands each caller its own copy (decision 031).
 * If a React Router upgrade changes the method, the build warns and keeps it as it is.
 */
function rememberedRouteMatchesInServerBuild(): Plugin {
  return {
    name: "remembered-route-matches",
    apply: "build",
    transform(code, id) {
      if (this.environment.name !== "ssr" || !MATCHER_MODULE.test(id)) return null;
      if (!code.includes(MATCH_METHOD)) {
        this.warn("React Router's matcher changed: route matches are not remembered (decision 031)");
        return null;
      }
      // The lines around the method keep their places, so the source map stays close enough.
      const patched = code
        .replace(MATCH_METHOD, REMEMBERED_MATCH)
        .replace(
          "this.#branches = flattenAndRankRoutes(routes);",
          "this.#branches = flattenAndRankRoutes(routes);\n\t\tthis.#matched = new Map();",
        );
      return { code: patched, map: null };
    },
  };
}

const SCRIPTS_MODULE =
  /react-router[\\/]dist[\\/](production|development)[\\/]lib[\\/]dom[\\/]ssr[\\/]components\.js$/;
const SCRIPTS_COMPONENT = "function Scripts(scriptProps) {";
const LINK_ELEMENT = `/* @__PURE__ */ React$1.createElement("link", {`;

/**
 * The page before its scripts (decision 037). React Router's `<Scripts>` announces every module
 * of the first view with `<link rel="modulepreload">` (its only three links), which React hoists
 * into the `<head>`. In both builds it writes none of them, and the browser asks for the modules
 * from the module script at the end of the body. If a React Router upgrade changes the component,
 * the build warns and keeps it as it is.
 */
function noModulePreloadsInBuild(): Plugin {
  return {
    name: "no-module-preloads",
    apply: "build",
    transform(code, id) {
      if (!SCRIPTS_MODULE.test(id)) return null;
      const start = code.indexOf(SCRIPTS_COMPONENT);
      const end = start === -1 ? -1 : code.indexOf("\n}\n", start);
      const component = end === -1 ? "" : code.slice(start, end);
      const occurrences = (part: string) => component.split(part).length - 1;
      if (occurrences(LINK_ELEMENT) !== 3 || occurrences('rel: "modulepreload"') !== 3) {
        this.warn("React Router's <Scripts> changed: it still preloads the modules (decision 037)");
        return null;
      }
      // `null && …` keeps every line in its place, so the source map stays close enough.
      const patched = component.replaceAll(LINK_ELEMENT, `null && ${LINK_ELEMENT}`);
      return { code: code.slice(0, start) + patched + code.slice(end), map: null };
    },
  };
}

const ROUTER_MODULE = /react-router[\\/]dist[\\/](production|development)[\\/]lib[\\/]router[\\/]router\.js$/;
const PATCH_ROUTES = "\t\tif (!dataRoutes.hasHMRRoutes) updateState({});\n";

/**
 * No render for discovered routes (decision 038). Once a page has hydrated, route discovery asks
 * the server for the routes its links lead to and adds them through the router's `patchRoutes`,
 * which then publishes an unchanged state, so React renders the whole page a second time to the
 * same result. In the browser build the routes are added without that state: the router matches
 * against them at once, and React sees them with the next navigation's state. If a React Router
 * upgrade changes the method, the build warns and keeps it as it is.
 */
function noRenderForDiscoveredRoutes(): Plugin {
  return {
    name: "no-render-for-discovered-routes",
    apply: "build",
    transform(code, id) {
      if (this.environment.name !== "client" || !ROUTER_MODULE.test(id)) return null;
      if (code.split(PATCH_ROUTES).length !== 2) {
        this.warn("React Router's patchRoutes changed: discovery still renders the page (decision 038)");
        return null;
      }
      // An empty statement keeps every line in its place, so the source map stays close enough.
      return { code: code.replace(PATCH_ROUTES, "\t\t;\n"), map: null };
    },
  };
}

const PRELOAD_HELPER = "\0vite/preload-helper.js";

/**
 * Lazy imports without Vite's preload helper (decision 039). With `modulePreload: false` every
 * lazy import of the client build lists no modules to preload (the only stylesheet is the root's),
 * yet each still goes through Vite's helper, which looks for a nonce, builds `<link>` elements and
 * reports failures as a `vite:preloadError` event that nothing here listens for: about 0.9 KiB of
 * every first view. In the client build the helper only starts the import, so a failed import
 * rejects as it did, to the lazy component's error boundary.
 */
function plainLazyImportsInClientBuild(): Plugin {
  return {
    name: "plain-lazy-imports",
    apply: "build",
    enforce: "pre",
    load(id) {
      if (this.environment.name !== "client" || id !== PRELOAD_HELPER) return null;
      return "export const __vitePreload = (importModule) => importModule();";
    },
  };
}

export default defineConfig({
  // Order matters (docs/toolchain.md, React Router 8 on Workers): UnoCSS, then the Worker environment, then React Router.
  plugins: [
    browserTranslatorInClientBuild(),
    standInsInBuild(),
    rememberedRouteMatchesInServerBuild(),
    noModulePreloadsInBuild(),
    noRenderForDiscoveredRoutes(),
    plainLazyImportsInClientBuild(),
    UnoCSS(),
    cloudflare({ viteEnvironment: { name: "ssr" } }),
    reactRouter(),
  ],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  environments: {
    client: {
      build: {
        // A lazy chunk's own imports are the framework and site chunks, already loaded by then;
        // listing them in every dynamic import cost the first view bytes (decision 035).
        modulePreload: false,
        rolldownOptions: {
          output: {
            // V8's explicit compile hint (decision 040): the browser loads a chunk when the page
            // runs it, so V8 compiles all its functions while it downloads, off the main thread,
            // rather than each on the main thread at its first call. After minification, which
            // would drop the comment.
            postBanner: "//# allFunctionsCalledOnLoad",
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  // The browser's translator (decision 027), the site's links (decision 035) and the
                  // lazy-import helper (decision 039) travel with the framework they stand in for.
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store)[\\/]|layout[\\/]i18n-browser\.tsx$|lib[\\/]router-links\.tsx$|^\0vite[\\/]preload-helper\.js$/,
                },
                {
                  // Small modules nearly every page loads: one file instead of six (decisions 035, 039).
                  name: "site",
                  test: /app[\\/]lib[\\/](i18n|vocabulary|seo)\.ts$|pages[\\/](motion\.ts|check-list\.tsx)$|layout[\\/]kept-part\.tsx$/,
                },
              ],
            },
          },
        },
      },
    },
    ssr: {
      // Discovered mid-request these make the first dev request fail (docs/toolchain.md, React Router 8 on Workers).
      optimizeDeps: {
        include: [
          "react",
          "react/jsx-runtime",
          "react/jsx-dev-runtime",
          "react-dom",
          "react-dom/server.node",
          "react-router",
          "react-i18next",
          "i18next",
          "remix-i18next",
          "isbot",
          "valibot",
          "drizzle-orm",
          "drizzle-orm/d1",
          "drizzle-orm/sqlite-core",
          "stripe",
          "@conform-to/react",
          "@conform-to/valibot",
        ],
      },
    },
  },
});
