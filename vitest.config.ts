import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import UnoCSS from "unocss/vite";
import { defineConfig } from "vitest/config";

export default defineConfig(async () => {
  const migrations = await readD1Migrations(fileURLToPath(new URL("./migrations", import.meta.url)));
  return {
    // The Worker under test is the real one, so the React Router build plugins are needed too.
    plugins: [
      UnoCSS(),
      cloudflareTest({
        main: "./workers/app.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          // Test-only values live here, never in .dev.vars (the build copies that file).
          bindings: {
            TEST_MIGRATIONS: migrations,
            SITE_URL: "https://example.org",
          },
        },
      }),
      reactRouter(),
    ],
    resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
    test: {
      include: ["tests/worker/**/*.test.ts"],
      setupFiles: ["./tests/worker/setup.ts"],
      // The first request of a file compiles the whole server build.
      testTimeout: 30_000,
    },
  };
});
