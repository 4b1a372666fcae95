/**
 * Structured logs for Workers Logs. Callers pass ids and URLs, never form values, passwords,
 * tokens or card details (ARCHITECTURE.md, Security defaults).
 */
export function logError(error: unknown, fields: Record<string, string>) {
  const detail =
    error instanceof Error ? { message: error.message, stack: error.stack } : { message: String(error) };
  console.error(JSON.stringify({ level: "error", ...fields, ...detail }));
}

export function logInfo(message: string, fields: Record<string, string | number> = {}) {
  console.log(JSON.stringify({ level: "info", message, ...fields }));
}
