import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Every test file gets its own storage; the real migrations build its database.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
