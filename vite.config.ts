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
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store)[\\/]/,
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
