// `npm test`: whatever the machine lacks for the tests, then typecheck, lint, worker tests
// (workerd, real local D1 and KV), the production build and the end-to-end tests (Chromium + axe).
// Ends on one summary line: "N passed, N failed".
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };
const SYSTEM_CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

function run(command, args, extraEnv = {}) {
  console.log(`\n$ ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...env, ...extraEnv } });
  return result.status === 0;
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
step(
  "typecheck",
  run("npx", ["wrangler", "types", "--strict-vars", "false"]) &&
    run("npx", ["react-router", "typegen"]) &&
    run("npx", ["tsc", "-b"]),
);
step("lint", run("npx", ["eslint", "."]) && run("npx", ["prettier", "--check", "."]));
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
const built = step("build", run("npx", ["react-router", "build"]));
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
