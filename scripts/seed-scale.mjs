// `npm run seed:scale [-- --scale=0.1] [-- --only=submissions,audit]`: ten years of realistic
// records in the LOCAL D1 of `npm start` (.wrangler/state, or WRANGLER_PERSIST_TO), written by
// the server's own modules inside workerd (scripts/seed-scale/worker.ts run by `wrangler dev`),
// a part per request. Local only: it refuses --remote, --env and CLOUDFLARE_ENV. Repeatable: every
// row has a fixed id, so a second run adds nothing. docs/decisions/057-years-of-data.md.
import { spawnSync } from "node:child_process";
import { seedAll, startSeedWorker } from "./seed-scale/run.mjs";

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, "").split("=");
    return [key, value ?? "true"];
  }),
);
if (args.has("remote") || args.has("env") || process.env.CLOUDFLARE_ENV) {
  console.error("seed:scale writes only the local database; it refuses --remote, --env and CLOUDFLARE_ENV.");
  process.exit(1);
}
const migrate = spawnSync("node", ["scripts/db-migrate.mjs"], {
  stdio: "inherit",
  env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" },
});
if (migrate.status !== 0) process.exit(migrate.status ?? 1);

const worker = await startSeedWorker(
  process.env.WRANGLER_PERSIST_TO ?? ".wrangler/state",
  Number(process.env.SEED_PORT ?? 8797),
);
try {
  const seconds = await seedAll(worker, {
    scale: Number(args.get("scale") ?? 1),
    only: args.get("only")?.split(","),
  });
  console.log(`seeded in ${seconds.toFixed(1)} s`);
} finally {
  worker.stop();
}
