import { count, desc } from "drizzle-orm";
import { getDb } from "../db/client.server";
import { auditLog } from "../db/schema";
import { pageOf, PAGE_SIZE } from "./common.server";

export async function listAudit(env: Pick<Env, "DB">, page: number) {
  const db = getDb(env);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db.select({ value: count() }).from(auditLog),
  ]);
  return pageOf(rows, total?.value ?? 0, page);
}
