import { createServer } from "node:net";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import UnoCSS from "unocss/vite";
import { defineConfig } from "vitest/config";
import { TEST_SECRET_KEY, TEST_WEBHOOK_SECRET } from "./tests/support/stripe-server.ts";

// a free port for the local Stripe-compatible server, so parallel runs never clash.
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export default defineConfig(async () => {
  const migrations = await readD1Migrations(fileURLToPath(new URL("./migrations", import.meta.url)));
  // read again by tests/support/stripe-global-setup.ts, which starts the server.
  process.env.STRIPE_TEST_PORT ??= String(await freePort());
  // The local mail provider (tests/support/mail-server.ts) that outbox tests count deliveries at.
  process.env.MAIL_TEST_PORT ??= String(await freePort());
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
            // Stripe in test mode against the local server (tests/support).
            STRIPE_SECRET_KEY: TEST_SECRET_KEY,
            STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
            STRIPE_API_BASE: `http://127.0.0.1:${process.env.STRIPE_TEST_PORT}`,
            MAIL_TEST_ORIGIN: `http://127.0.0.1:${process.env.MAIL_TEST_PORT}`,
            // Mail goes to that provider as deployed mail would: SITE_URL is not a local address, so
            // the "log" transport would hold it (docs/architecture.md, Outbox).
            MAIL_TRANSPORT: "http",
            MAIL_API_URL: `http://127.0.0.1:${process.env.MAIL_TEST_PORT}/ok`,
            // The Cron at year ten's size (decision 057): a tenth in `npm test`, whole for the bench.
            CRON_AT_SCALE_SHARE: process.env.CRON_AT_SCALE ? "1" : "0.1",
            // Children's health records (decision 054): a test key, never a deployed one.
            CHILD_DATA_KEYS: "test-1:ZmFtaWxpZXMtdGVzdC1rZXktMzItYnl0ZXMtbG9uZyE=",
          },
        },
      }),
      reactRouter(),
    ],
    resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
    test: {
      include: ["tests/worker/**/*.test.ts"],
      setupFiles: ["./tests/worker/setup.ts"],
      // starts the local Stripe-compatible server.
      globalSetup: [
        "./tests/support/stripe-global-setup.ts",
        "./tests/support/mail-global-setup.ts",
        // wrangler.toml as `npm run deploy` reads it (tests/worker/deploy-config.test.ts).
        "./tests/support/deploy-settings-global-setup.ts",
      ],
      // The first request of a file compiles the whole server build.
      testTimeout: 30_000,
      // Two files at once at least: vitest's default (one fewer than the cores) ran them one by one
      // on a two-core machine, where a file spends its time starting its workerd and waiting on
      // Vite's transforms as much as computing (docs/decisions/072-a-faster-suite.md).
      maxWorkers: Math.max(2, availableParallelism() - 1),
    },
  };
});
