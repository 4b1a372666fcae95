// `npm test`: whatever the machine lacks for the tests, then typecheck, lint, worker tests
// (workerd, real local D1 and KV), the production build and the end-to-end tests (Chromium + axe).
// Ends on one summary line: "N passed, N failed".
//
// Steps that share no files run side by side (docs/decisions/072-a-faster-suite.md): the
// typecheck, ESLint and Prettier are one process on one core each, and the build writes only
// build/ (React Router writes its route types in `react-router typegen` and while serving, never
// while building). A step's output is printed whole when it ends, so steps never interleave.
// The worker tests then run alone: serving, their Vite writes the route types the typecheck
// reads, and a loaded machine made their first requests (which compile the server) miss their
// 30 s. The end-to-end tests need the build and the whole machine: last and alone.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };
const SYSTEM_CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

/** Runs one command in the open; its time is printed, as each step's is (decision 072's figures). */
function run(command, args, extraEnv = {}) {
  console.log(`\n$ ${command} ${args.join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...env, ...extraEnv } });
  console.log(`(${command} ${args[0]}: ${Math.round((Date.now() - started) / 1000)} s)`);
  return result.status === 0;
}

/** Runs commands one after the other, their output kept; resolves to whether all succeeded. */
async function runQuietly(commands) {
  let output = "";
  for (const [command, args] of commands) {
    output += `\n$ ${command} ${args.join(" ")}\n`;
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const status = await new Promise((resolve) => child.on("close", resolve));
    if (status !== 0) return { ok: false, output };
  }
  return { ok: true, output };
}

/** Named steps at once, each a list of commands; each step's output printed when it ends. */
async function runSideBySide(named) {
  const started = Date.now();
  const results = await Promise.all(
    Object.entries(named).map(async ([name, commands]) => {
      const result = await runQuietly(commands);
      process.stdout.write(result.output);
      console.log(`(${name}: ${Math.round((Date.now() - started) / 1000)} s)`);
      return [name, result.ok];
    }),
  );
  return Object.fromEntries(results);
}

function ensureBrowser() {
  if (SYSTEM_CHROMIUM.some((path) => existsSync(path))) return true;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync("/usr/bin/apt-get")) {
    console.log("Chromium is missing: installing Debian's package.");
    return (
      run("apt-get", ["update", "-qq"]) &&
      run("apt-get", ["install", "-y", "-qq", "chromium"], { DEBIAN_FRONTEND: "noninteractive" })
    );
  }
  // A developer machine elsewhere: Playwright's own browser.
  return run("npx", ["playwright", "install", "chromium"]);
}

function countTests(file, kind) {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, "utf8"));
  if (kind === "vitest") {
    return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests };
  }
  const stats = report.stats;
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
}

// Reports live outside test-results/, which Playwright empties when it starts.
rmSync(".test-reports", { recursive: true, force: true });
mkdirSync(".test-reports", { recursive: true });

const steps = [];
const step = (name, ok) => {
  steps.push({ name, ok });
  return ok;
};

step("browser", ensureBrowser());
const checks = await runSideBySide({
  typecheck: [
    ["npx", ["wrangler", "types", "--strict-vars", "false"]],
    ["npx", ["react-router", "typegen"]],
    ["npx", ["tsc", "-b"]],
  ],
  eslint: [["npx", ["eslint", "."]]],
  prettier: [["npx", ["prettier", "--check", "."]]],
  build: [["npx", ["react-router", "build"]]],
});
step("typecheck", checks.typecheck);
step("lint", checks.eslint && checks.prettier);
step(
  "worker tests",
  run("npx", [
    "vitest",
    "run",
    "--reporter=default",
    "--reporter=json",
    "--outputFile.json=.test-reports/worker.json",
  ]),
);
const built = step("build", checks.build);
if (built) step("end-to-end tests", run("npx", ["playwright", "test"], { CI: "true" }));

const worker = countTests(".test-reports/worker.json", "vitest");
const e2e = countTests(".test-reports/e2e.json", "playwright");
const totals = [worker, e2e].filter(Boolean).reduce(
  (sum, part) => ({
    passed: sum.passed + part.passed,
    failed: sum.failed + part.failed,
    skipped: sum.skipped + part.skipped,
  }),
  { passed: 0, failed: 0, skipped: 0 },
);
const failedSteps = steps.filter((entry) => !entry.ok).map((entry) => entry.name);

console.log("\nSummary");
for (const entry of steps) console.log(`  ${entry.ok ? "ok  " : "FAIL"} ${entry.name}`);
if (worker) console.log(`  worker tests: ${worker.passed} passed, ${worker.failed} failed`);
if (e2e)
  console.log(`  end-to-end tests: ${e2e.passed} passed, ${e2e.failed} failed, ${e2e.skipped} skipped`);
// A failed step without failed tests (typecheck, lint, build) still counts as one failure.
const failed = totals.failed + (totals.failed === 0 ? failedSteps.length : 0);
console.log(
  `\n${totals.passed} passed, ${failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`,
);
process.exit(failedSteps.length === 0 ? 0 : 1);
