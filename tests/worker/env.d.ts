import type { D1Migration } from "@cloudflare/vitest-plugin";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** The local mail provider of tests/support/mail-server.ts. */
      MAIL_TEST_ORIGIN: string;
      /** The share of year ten's size tests/worker/cron-at-scale.test.ts runs (vitest.config.ts). */
      CRON_AT_SCALE_SHARE: string;
    }
  }
}
