// Serves the production build for the end-to-end tests on its own, fresh local D1 and KV.
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";

const port = process.argv[2] ?? "8788";
const persistTo = `.wrangler/e2e-${port}`;
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true", WRANGLER_PERSIST_TO: persistTo };

rmSync(persistTo, { recursive: true, force: true });
const migrate = spawnSync("node", ["scripts/db-migrate.mjs"], { stdio: "inherit", env });
if (migrate.status !== 0) process.exit(migrate.status ?? 1);

const server = spawn(
  "npx",
  ["wrangler", "dev", "-c", "build/server/wrangler.json", "--port", port, "--persist-to", persistTo],
  { stdio: "inherit", env },
);
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"]))
  process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
