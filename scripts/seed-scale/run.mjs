// The seeding Worker (scripts/seed-scale/worker.ts) run by `wrangler dev` on a local D1, and the
// loop that asks it for every part of every kind: used by `npm run seed:scale` and the bench's
// scale section (scripts/bench-scale.mjs). docs/decisions/057-years-of-data.md.
import { spawn } from "node:child_process";

const ENV = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" };

/**
 * Starts `wrangler dev` with `args` on the local state in `persistTo` at 127.0.0.1:`port`; resolves
 * once it answers, with its address and a stop that ends its process group.
 */
export async function startLocalWorker(args, persistTo, port) {
  const server = spawn(
    "npx",
    ["wrangler", "dev", ...args, "--persist-to", persistTo, "--ip", "127.0.0.1", "--port", String(port)],
    { env: ENV, stdio: ["ignore", "pipe", "inherit"], detached: true },
  );
  await new Promise((resolve, reject) => {
    server.stdout.on("data", (chunk) => {
      if (String(chunk).includes("Ready on")) resolve();
    });
    server.on("exit", (code) => reject(new Error(`wrangler dev ended (${code})`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    stop() {
      try {
        process.kill(-server.pid, "SIGTERM");
      } catch {
        // already gone
      }
    },
  };
}

/** Starts the seeding Worker on the local state in `persistTo`; resolves once it answers. */
export function startSeedWorker(persistTo, port) {
  return startLocalWorker(
    ["scripts/seed-scale/worker.ts", "-c", "wrangler.toml", "--tsconfig", "tsconfig.cloudflare.json"],
    persistTo,
    port,
  );
}

async function post(worker, path) {
  const response = await fetch(`${worker.base}${path}`, { method: "POST" });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response;
}

/** Seeds every kind (or those of `only`) at `scale` of ten years; logs each kind's time. */
export async function seedAll(worker, { scale = 1, only } = {}) {
  const started = Date.now();
  // The kinds, their sizes and the rows a request writes, in the order they depend on each other.
  const kinds = await (await fetch(`${worker.base}/`)).json();
  for (const { name, rows: fullRows, perPart, scales } of kinds) {
    if (only && !only.includes(name)) continue;
    const rows = scales ? Math.max(1, Math.round(fullRows * scale)) : fullRows;
    const kindStarted = Date.now();
    for (let from = 0; from < rows; from += perPart)
      await post(worker, `/${name}?from=${from}&to=${Math.min(rows, from + perPart)}&total=${rows}`);
    console.log(
      `${name}: ${rows.toLocaleString("en-US")} rows in ${((Date.now() - kindStarted) / 1000).toFixed(1)} s`,
    );
  }
  return (Date.now() - started) / 1000;
}

/** A signed-in session of the seeded ADMIN (second step passed), as its cookie. */
export async function adminCookie(worker) {
  return (await (await post(worker, "/session")).json()).cookie;
}
