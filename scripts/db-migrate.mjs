// Applies migrations/ to the local D1 (default) or, with --remote, to the production environment's database.
import { spawnSync } from "node:child_process";

const remote = process.argv.includes("--remote");
const persistTo = process.env.WRANGLER_PERSIST_TO ?? ".wrangler/state";
// --remote means production: the top-level DB is the local one (wrangler.toml, docs/deploy.md).
const args = [
  "wrangler",
  "d1",
  "migrations",
  "apply",
  "DB",
  ...(remote ? ["--remote", "--env", "production"] : ["--local"]),
];
if (!remote) args.push("--persist-to", persistTo);

const result = spawnSync("npx", args, {
  stdio: "inherit",
  env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: remote ? process.env.CI : "true" },
});
process.exit(result.status ?? 1);
