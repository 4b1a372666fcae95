import type { D1Migration } from "@cloudflare/vitest-plugin";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** The local mail provider of tests/support/mail-server.ts. */
      MAIL_TEST_ORIGIN: string;
    }
  }
}
