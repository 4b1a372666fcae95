// `npm run deploy`: checks the production environment of wrangler.toml and its secrets, refuses with
// one line per problem, else builds for production and deploys (docs/deploy.md; decision 043).
import { spawnSync } from "node:child_process";
import { stripVTControlCharacters } from "node:util";
import { unstable_readConfig } from "wrangler";
import { deployRefusals, deploySettings } from "./deploy/check.mjs";

const ENVIRONMENT = "production";
const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };
delete env.CLOUDFLARE_ENV;

/** @returns {import("./deploy/check.mjs").SecretList} */
function listSecrets() {
  const result = spawnSync("npx", ["wrangler", "secret", "list", "--env", ENVIRONMENT, "--format", "json"], {
    encoding: "utf8",
    env,
  });
  const output = `${result.stdout ?? ""}`;
  if (result.status === 0) {
    try {
      const secrets = JSON.parse(output.slice(output.indexOf("[")));
      return { names: secrets.map((/** @type {{ name: string }} */ secret) => secret.name) };
    } catch {
      return { error: `wrangler secret list printed no list: ${output.trim().split("\n").at(-1) ?? ""}` };
    }
  }
  // Wrangler's own error line (not signed in, no network, no such Worker), without its colours.
  const lines = stripVTControlCharacters(`${result.stderr ?? ""}\n${output}`)
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("🪵"));
  const reason = lines.find((line) => line.includes("[ERROR]"))?.replace(/^.*\[ERROR\]\s*/, "") ?? lines[0];
  return { error: `wrangler secret list failed: ${reason ?? `exit ${result.status}`}` };
}

// The same reading of wrangler.toml the Vite plugin flattens into build/server/wrangler.json.
const settings = deploySettings(unstable_readConfig({ config: "wrangler.toml", env: ENVIRONMENT }));
const refusals = deployRefusals(settings, listSecrets());
if (refusals.length > 0) {
  console.error(`npm run deploy: not deploying ${settings.name}, ${refusals.length} problem(s):`);
  for (const line of refusals) console.error(`  - ${line}`);
  console.error("Fix them in wrangler.toml [env.production] or with wrangler secret put (docs/deploy.md).");
  process.exit(1);
}

/** @param {string[]} args @param {NodeJS.ProcessEnv} extraEnv */
function run(args, extraEnv = {}) {
  const result = spawnSync("npx", args, { stdio: "inherit", env: { ...env, ...extraEnv } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The Vite plugin applies the environment at build time; the flattened output is what deploys.
run(["react-router", "build"], { CLOUDFLARE_ENV: ENVIRONMENT });
run(["wrangler", "deploy", "-c", "build/server/wrangler.json"]);
