import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { contentImportStatements } from "../../scripts/content/import-sql.mjs";
import seed from "../../scripts/content/seed.json";

// Every test file gets its own storage; the real migrations build its database.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
// …and the content import fills it with the site's initial content, as `npm start` does.
await env.DB.batch(contentImportStatements(seed).map((statement) => env.DB.prepare(statement)));
