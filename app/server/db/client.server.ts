import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

type Database = ReturnType<typeof drizzle<typeof schema>>;

/**
 * One drizzle client per D1 binding, kept by the isolate (decision 031): making one reads the whole
 * schema into its relational config, which cost more than the queries of a form post that asked
 * for it three times. The client holds no state of a request.
 */
const clients = new WeakMap<D1Database, Database>();

export function getDb(env: Pick<Env, "DB">): Database {
  let db = clients.get(env.DB);
  if (!db) clients.set(env.DB, (db = drizzle(env.DB, { schema })));
  return db;
}

export type Db = ReturnType<typeof getDb>;
