// `npm run content:import`: fills an EMPTY local (or, with --remote, production) database with the
// site's initial content, scripts/content/seed.json (decision 020). A type that already has any
// row is left alone, so it is safe to run on every start; it is not a migration.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { contentImportStatements, programSessionStatements } from "./content/import-sql.mjs";

const remote = process.argv.includes("--remote");
const persistTo = process.env.WRANGLER_PERSIST_TO ?? ".wrangler/state";
const seed = JSON.parse(readFileSync(new URL("./content/seed.json", import.meta.url), "utf8"));
const dir = mkdtempSync(join(tmpdir(), "content-import-"));
const file = join(dir, "content.sql");
// Sample program sessions only locally: production's are the organisation's real classes (decision 054).
const sessions = remote
  ? []
  : programSessionStatements(
      JSON.parse(readFileSync(new URL("./content/program-sessions.json", import.meta.url), "utf8")),
    );
writeFileSync(file, [...contentImportStatements(seed), ...sessions].join("\n") + "\n");
// --remote means production: the top-level DB is the local one (wrangler.toml, docs/deploy.md).
const args = [
  "wrangler",
  "d1",
  "execute",
  "DB",
  ...(remote ? ["--remote", "--env", "production"] : ["--local"]),
  "--file",
  file,
];
if (!remote) args.push("--persist-to", persistTo);
const result = spawnSync("npx", args, {
  stdio: ["ignore", "ignore", "inherit"],
  env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: remote ? process.env.CI : "true" },
});
rmSync(dir, { recursive: true, force: true });
if (result.status === 0)
  console.log(
    `Content: the seed fills any empty content type (scripts/content/seed.json)${remote ? "" : ", and sample program sessions an empty local database"}.`,
  );
process.exit(result.status ?? 1);
