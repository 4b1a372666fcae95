import { and, count, desc, eq, sql } from "drizzle-orm";
import type { SessionUser } from "~/lib/session-user";
import { getDb } from "../db/client.server";
import { users } from "../db/schema";
import { ROLES, type Role } from "~/lib/vocabulary";
import { fieldChanges } from "./audit.server";
import { auditEntry, contains, pageOf, PAGE_SIZE } from "./common.server";

export function isRole(value: unknown): value is Role {
  return (ROLES as readonly unknown[]).includes(value);
}

export async function listUsers(env: Pick<Env, "DB">, filters: { q?: string; role?: Role; page: number }) {
  const db = getDb(env);
  const condition = and(
    filters.role ? eq(users.role, filters.role) : undefined,
    filters.q ? sql`(${contains(users.email, filters.q)} or ${contains(users.name, filters.q)})` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(condition)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(PAGE_SIZE)
      .offset((filters.page - 1) * PAGE_SIZE),
    db.select({ value: count() }).from(users).where(condition),
  ]);
  return pageOf(rows, total?.value ?? 0, filters.page);
}

type RoleChange = { ok: true; changed: boolean } | { ok: false; reason: "last-admin" | "not-found" };

/**
 * Sets a user's role. Demoting is one conditional UPDATE that only applies while another
 * admin exists, so two admins demoting each other at once cannot leave none.
 */
export async function setUserRole(
  env: Pick<Env, "DB">,
  admin: SessionUser,
  userId: string,
  role: Role,
): Promise<RoleChange> {
  const db = getDb(env);
  const [target] = await db
    .select({ role: users.role, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!target) return { ok: false, reason: "not-found" };
  if (target.role === role) return { ok: true, changed: false };
  const now = new Date().toISOString();
  const guard =
    role === "ADMIN"
      ? undefined
      : sql`(select count(*) from ${users} where ${users.role} = 'ADMIN' and ${users.id} <> ${userId}) > 0`;
  const [updated] = await db
    .update(users)
    .set({ role, updatedAt: now })
    .where(and(eq(users.id, userId), guard))
    .returning({ id: users.id });
  if (!updated) return { ok: false, reason: "last-admin" };
  await db.batch([
    auditEntry(db, admin, {
      action: "user.role",
      targetType: "user",
      targetId: userId,
      detail: { email: target.email, changes: fieldChanges(target, { role }) },
    }),
  ]);
  return { ok: true, changed: true };
}
