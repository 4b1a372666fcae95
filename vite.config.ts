import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import UnoCSS from "unocss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // Order matters (docs/toolchain.md, React Router 8 on Workers): UnoCSS, then the Worker environment, then React Router.
  plugins: [UnoCSS(), cloudflare({ viteEnvironment: { name: "ssr" } }), reactRouter()],
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
                  // What every page runs to hydrate. react-i18next's `Trans` (and the HTML parser it
                  // brings) is left to the forms that use it, so a first view does not load it
                  // (decision 067).
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|use-sync-external-store)[\\/]|node_modules[\\/]react-i18next[\\/]dist[\\/]es[\\/](?!Trans|IcuTrans)/,
                },
                {
                  // Small modules nearly every page loads: one file instead of eight (decision 035). The
                  // attribution field rides in the footer's newsletter form on every page (decision 056);
                  // the cookie banner's slot is read by entry.client.tsx and the root (decision 068).
                  name: "site",
                  test: /app[\\/]lib[\\/](i18n|i18n-instance|vocabulary|seo|attribution|format|cookie-consent)\.ts$|pages[\\/](motion\.ts|check-list\.tsx)$|layout[\\/](kept-part|cookie-banner-slot)\.tsx$|forms[\\/]attribution-field\.tsx$|vite[\\/]preload-helper/,
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
