import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import UnoCSS from "unocss/vite";
import { defineConfig, type Plugin } from "vite";

const browserTranslator = fileURLToPath(new URL("./app/components/layout/i18n-browser.tsx", import.meta.url));
const serverTranslation = fileURLToPath(
  new URL("./app/server/kernel/use-translation.server.ts", import.meta.url),
);

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
 * The server build takes react-i18next with a `useTranslation` that keeps one `t` per shared
 * instance (decision 031); the module itself imports the library.
 */
function serverTranslationInServerBuild(): Plugin {
  return {
    name: "server-translation",
    apply: "build",
    enforce: "pre",
    resolveId(id, importer) {
      if (this.environment.name !== "ssr" || id !== "react-i18next") return null;
      return importer === serverTranslation ? null : serverTranslation;
    },
  };
}

export default defineConfig({
  // Order matters (docs/toolchain.md, React Router 8 on Workers): UnoCSS, then the Worker environment, then React Router.
  plugins: [
    browserTranslatorInClientBuild(),
    serverTranslationInServerBuild(),
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
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  // The browser's translator (decision 027) travels with the framework it stands in for.
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store)[\\/]|layout[\\/]i18n-browser\.tsx$/,
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
          "react-dom/server",
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
