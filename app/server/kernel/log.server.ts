/**
 * Structured logs for Workers Logs. Callers pass ids and URLs, never form values, passwords,
 * tokens or card details (docs/architecture.md, Security defaults).
 */
export function logError(error: unknown, fields: Record<string, string>) {
  console.error(JSON.stringify({ level: "error", ...fields, ...describeError(error) }));
}

export function logInfo(message: string, fields: Record<string, string | number> = {}) {
  console.log(JSON.stringify({ level: "info", message, ...fields }));
}

/**
 * Message and stack without data: drizzle puts a failed query's parameters (e-mail addresses,
 * token hashes …) in its message after "params:", so that part is cut and the cause kept.
 */
function describeError(error: unknown): { message: string; cause?: string; stack?: string } {
  if (!(error instanceof Error)) return { message: "non-Error thrown" };
  const message = error.message.split(/\nparams:/)[0]!.slice(0, 1000);
  const cause = error.cause instanceof Error ? error.cause.message.slice(0, 500) : undefined;
  const stack = error.stack
    ?.split("\n")
    .filter((line) => line.trimStart().startsWith("at "))
    .slice(0, 8)
    .join("\n");
  return { message, ...(cause ? { cause } : {}), stack };
}
