import { createSession } from "~/server/auth/sessions.server";
import { seedAdminId, SEED_KINDS } from "./kinds";

/**
 * The local-only seeding Worker of `npm run seed:scale` (docs/decisions/057-years-of-data.md). It
 * is its own entry, run by `wrangler dev` on the local D1 of `npm start`; it is never part of the
 * site's build, so no deployed Worker can seed. GET / lists the kinds in the order they are
 * seeded; POST /<kind>?from=N&to=M&total=T writes rows N to M-1 of T; POST /session signs the
 * seeded ADMIN in (second step passed) for the bench's scale section.
 */
export default {
  async fetch(request: Request, env: Env) {
    const url = new URL(request.url);
    if (request.method === "GET" && url.pathname === "/")
      return Response.json(
        Object.entries(SEED_KINDS).map(([name, { rows, perPart, scales }]) => ({
          name,
          rows,
          perPart,
          scales,
        })),
      );
    if (request.method === "POST" && url.pathname === "/session") {
      const cookie = await createSession(env, await seedAdminId(env), { secondFactor: true, request });
      return Response.json({ cookie: cookie.split(";")[0] });
    }
    const kind = SEED_KINDS[url.pathname.slice(1)];
    if (request.method !== "POST" || !kind) return new Response("Not found", { status: 404 });
    const from = Number(url.searchParams.get("from"));
    const to = Number(url.searchParams.get("to"));
    const total = Number(url.searchParams.get("total") ?? kind.rows);
    const started = Date.now();
    try {
      await kind.seed(env, { from, to, total });
    } catch (error) {
      // The script prints this and stops: a local tool says what went wrong in words.
      return new Response(
        error instanceof Error ? `${error.message}\n${String(error.cause ?? "")}` : String(error),
        {
          status: 500,
        },
      );
    }
    return Response.json({ rows: to - from, ms: Date.now() - started });
  },
} satisfies ExportedHandler<Env>;
