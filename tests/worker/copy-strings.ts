/** Every string of a translation tree by its dotted key (array items by index), as the copy editor lists them. */
export function copyStrings(value: unknown, prefix = ""): [string, string][] {
  if (typeof value === "string") return [[prefix, value]];
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) =>
    copyStrings(child, prefix ? `${prefix}.${key}` : key),
  );
}

/** The dotted keys of a translation tree's strings. */
export const copyKeys = (value: unknown) => copyStrings(value).map(([key]) => key);
