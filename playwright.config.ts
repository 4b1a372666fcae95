import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 8788);
export const BASE_URL = `http://localhost:${PORT}`;
// the local Stripe-compatible server (tests/support/stripe-server.ts).
export const STRIPE_PORT = Number(process.env.E2E_STRIPE_PORT ?? 12193);
export const STRIPE_ORIGIN = `http://127.0.0.1:${STRIPE_PORT}`;
// the stand-in for the mail provider (tests/support/mail-server.ts): the Worker sends over HTTP, as
// in production, and a spec reads a message as the provider took it. Its own port per E2E_PORT.
export const MAIL_PORT = Number(process.env.E2E_MAIL_PORT ?? PORT + 4000);
export const MAIL_ORIGIN = `http://127.0.0.1:${MAIL_PORT}`;

// Debian's Chromium where Playwright cannot download its own (this project's machines);
// elsewhere Playwright's own browser.
const SYSTEM_CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((path) => existsSync(path));
const launchOptions = SYSTEM_CHROMIUM
  ? {
      executablePath: SYSTEM_CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    }
  : {};

/** The specs that run their tests in order in one worker (`mode: "serial"`), minutes each. */
const IN_ORDER = [
  /\/gifts\.spec\.ts$/,
  /\/families(-story)?\.spec\.ts$/,
  /\/imports\.spec\.ts$/,
  /\/volunteers\.spec\.ts$/,
  /\/donor-care\.spec\.ts$/,
];

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // Three on this project's two-core machines: a test spends much of its time waiting on the
  // server, and the suite ran in 14.8 min with three against 16.7 with two.
  workers: 3,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"], ["json", { outputFile: ".test-reports/e2e.json" }]] : [["list"]],
  use: {
    baseURL: BASE_URL,
    trace: "retain-on-failure",
    launchOptions,
  },
  // Playwright hands out a file's tests in the order of the projects, then of the files (by
  // name). The specs whose tests run in order in one worker ("serial") take minutes each; started
  // last, they ran on one worker while the others had nothing left: listed first, they run beside
  // the short tests (docs/decisions/072-a-faster-suite.md).
  projects: [
    { name: "desktop, in order", use: { ...devices["Desktop Chrome"], launchOptions }, testMatch: IN_ORDER },
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], launchOptions },
      testIgnore: [/.*\.phone\.spec\.ts/, ...IN_ORDER],
    },
    { name: "phone", use: { ...devices["Pixel 7"], launchOptions }, testMatch: /.*\.phone\.spec\.ts/ },
  ],
  webServer: [
    {
      // The production build on local workerd, with its own database so tests never touch dev data.
      command: `node scripts/e2e-server.mjs ${PORT}`,
      url: `${BASE_URL}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      // tells e2e-server.mjs where the Stripe-compatible server and the mail provider listen.
      env: { E2E_STRIPE_PORT: String(STRIPE_PORT), E2E_MAIL_API_URL: `${MAIL_ORIGIN}/ok` },
    },
    {
      // the stand-in for Stripe's API and Checkout page.
      command: "node tests/support/stripe-server.ts",
      url: `${STRIPE_ORIGIN}/__test/events`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { STRIPE_MOCK_PORT: String(STRIPE_PORT) },
    },
    {
      // the stand-in for the mail provider, which records every message it takes.
      command: "node tests/support/mail-server.ts",
      url: `${MAIL_ORIGIN}/__test/requests`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { MAIL_MOCK_PORT: String(MAIL_PORT) },
    },
  ],
});
