import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/server/db/client.server";
import { imports } from "~/server/db/schema";
import {
  continueImports,
  getImport,
  IMPORT_BATCH_ROWS,
  mapColumns,
  runImportBatch,
  startImport,
} from "~/server/imports/jobs.server";
import { handleScheduled } from "~/server/scheduled.server";
import { adminBeforeAll, giftsOf, importsPage } from "./imports-page";
import { countInvocation } from "./platform-count";

/**
 * The figure of issue 37: a 50,000-row file of gifts checked and imported in batches, each batch
 * one invocation counted against the platform's limits (docs/decisions/069-imports.md, 045). In
 * its own file, so its few minutes run beside the other worker tests.
 */
const db = getDb(env);
const admin = adminBeforeAll("imports-scale@example.org", "Ida Admin");
const { post } = importsPage(admin);

describe("a file of 50,000 rows", () => {
  it(
    "is checked and imported in batches, each within the platform's limits, resumable, by the page or the Cron",
    { timeout: 900_000 },
    async () => {
      const lines = ["date,amount,email,name,method,reference"];
      for (let n = 0; n < 50_000; n++)
        lines.push(
          `2026-05-${String((n % 28) + 1).padStart(2, "0")},${(n % 90) + 10},donor${n % 900}@bulk-import.test,Donor ${n % 900},bank transfer,TX-${n}`,
        );
      const bytes = new TextEncoder().encode(lines.join("\n")).buffer as ArrayBuffer;
      const began = Date.now();
      let invocations = 0;
      const counts: {
        step: string;
        d1Queries: number;
        subrequests: number;
        maxBoundParameters: number;
        ms: number;
      }[] = [];
      const counted = async <T>(step: string, work: (env: Env) => Promise<T>) => {
        const started = Date.now();
        const { result, count } = await countInvocation(work);
        invocations++;
        counts.push({ step, ...count, ms: Date.now() - started });
        // Half of the Paid plan's 1,000 subrequests and D1's 100 bound parameters (decision 045).
        expect(count.maxBoundParameters).toBeLessThanOrEqual(100);
        expect(count.subrequests).toBeLessThanOrEqual(50);
        return result;
      };

      const started = await counted("upload", (countedEnv) =>
        startImport(countedEnv, admin.user, "gifts", { name: "bulk.csv", bytes }),
      );
      expect(started.ok).toBe(true);
      const id = started.ok ? started.id : "";
      const job = (await getImport(env, id))!;
      expect(job.mapping).toEqual(["receivedOn", "amount", "donorEmail", "donorName", "method", "reference"]);
      expect(await counted("map", (countedEnv) => mapColumns(countedEnv, job, job.mapping, "cash"))).toEqual({
        ok: true,
      });
      const batches = 50_000 / IMPORT_BATCH_ROWS;
      for (let n = 0; n < batches; n++)
        await counted("check", (countedEnv) => runImportBatch(countedEnv, id));
      expect(await getImport(env, id)).toMatchObject({
        status: "checked",
        checkedCreate: 50_000,
        checkedSkip: 0,
      });
      expect(await giftsOf("bulk-import.test")).toBe(0);

      const confirmed = await post(id, { intent: "import" });
      expect(confirmed.status).toBe(303);
      invocations++;
      // Half through the page, and when the page is closed the Cron moves it on, a batch a run.
      for (let n = 0; n < batches / 2; n++)
        await counted("import", (countedEnv) => runImportBatch(countedEnv, id));
      await db.update(imports).set({ updatedAt: "2026-01-01T00:00:00.000Z" }).where(eq(imports.id, id));
      const cron = await counted("cron", (countedEnv) => continueImports(countedEnv, new Date()));
      expect(cron).toBeUndefined();
      expect((await getImport(env, id))!.nextBatch).toBe(batches / 2 + 1);
      // Two runs of the same batch (a double click, the page and the Cron at once) write it once.
      await Promise.all([runImportBatch(env, id), runImportBatch(env, id)]);
      invocations += 2;
      while ((await getImport(env, id))!.status === "importing")
        await counted("import", (countedEnv) => runImportBatch(countedEnv, id));
      const seconds = (Date.now() - began) / 1000;
      expect(await getImport(env, id)).toMatchObject({
        status: "imported",
        created: 50_000,
        matched: 0,
        skipped: 0,
      });
      expect(await giftsOf("bulk-import.test")).toBe(50_000);

      const undoStarted = Date.now();
      expect((await post(id, { intent: "undo" })).headers.get("Location")).toBe(
        `/admin/imports/${id}?removed=50000`,
      );
      const undoMs = Date.now() - undoStarted;
      expect(await giftsOf("bulk-import.test")).toBe(0);

      const worst = (step: string) => {
        const of = counts.filter((entry) => entry.step === step);
        return {
          d1Queries: Math.max(...of.map((entry) => entry.d1Queries)),
          subrequests: Math.max(...of.map((entry) => entry.subrequests)),
          maxBoundParameters: Math.max(...of.map((entry) => entry.maxBoundParameters)),
          ms: Math.max(...of.map((entry) => entry.ms)),
        };
      };
      console.log(
        `50,000-row import: ${seconds.toFixed(1)} s, ${invocations} invocations, ${IMPORT_BATCH_ROWS} rows per batch; undo ${undoMs} ms`,
        JSON.stringify({
          upload: worst("upload"),
          map: worst("map"),
          check: worst("check"),
          import: worst("import"),
          cron: worst("cron"),
        }),
      );
      // The Cron run with nothing to move on reads one row.
      const idle = await countInvocation((countedEnv) => continueImports(countedEnv, new Date()));
      expect(idle.count.d1Queries).toBe(1);
      await handleScheduled(env);
    },
  );
});
