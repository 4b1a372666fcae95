import { createContext, useContext, useMemo } from "react";
import { I18nContext } from "react-i18next";
import { useRouteLoaderData } from "react-router";

/**
 * The page's i18next instance, read from react-i18next's context without `useTranslation`, which
 * on every call copies the instance into a wrapper and makes a `t` (decision 066). For parts that
 * only read the language or call the instance: a language change renders them again through the
 * component above them that translates, or through the revalidation the switch starts.
 */
export function useI18nInstance() {
  return useContext(I18nContext).i18n;
}

/**
 * Where the server remembers the words it has translated, for every request a Worker instance serves
 * (`app/server/kernel/remembered-translations.server.ts`, provided by entry.server.tsx). The
 * browser has none: it renders a page once to hydrate it, so there is nothing to remember.
 */
export type TranslationMemory = {
  get(key: string): object | string | undefined;
  set(key: string, value: object | string): unknown;
};
export const TranslationMemoryContext = createContext<TranslationMemory | null>(null);

/** The copy a page was rendered from: its language and the version of the copy (root's loader). */
type CopyVersion = { locale: string; i18nVersion: string };

/**
 * The part of a memory key that names a call, or null for a call not to remember: one whose
 * options hold anything but strings, numbers and booleans (a function, an element, an object),
 * which JSON would not tell apart.
 */
function callKey(args: readonly unknown[]): string | null {
  const [key, options, ...rest] = args;
  if (typeof key !== "string" || rest.length > 0) return null;
  if (options === undefined) return key;
  if (typeof options === "string") return `${key}\u0000${JSON.stringify(options)}`;
  if (typeof options !== "object" || options === null) return null;
  for (const value of Object.values(options)) {
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") return null;
  }
  return `${key}\u0000${JSON.stringify(options)}`;
}

/**
 * A part's `t` whose answers the server remembers per language and version of the copy: the
 * frame, the home page and the event cards translate the same words for every visitor, and
 * i18next works each one out anew on every call (decision 058). The answer is i18next's own,
 * so the page is the same; a new version of the copy (an admin's edit) makes new keys.
 */
export function useRememberedTranslations<T extends object>(t: T, namespace: string): T {
  const memory = useContext(TranslationMemoryContext);
  const copy = useRouteLoaderData("root") as CopyVersion | undefined;
  const prefix = copy ? `${copy.locale}\u0000${copy.i18nVersion}\u0000${namespace}\u0000` : null;
  return useMemo(() => {
    if (!memory || prefix === null) return t;
    const translate = t as unknown as (...args: unknown[]) => object | string;
    const remembered = (...args: unknown[]) => {
      const call = callKey(args);
      if (call === null) return translate(...args);
      const key = prefix + call;
      const known = memory.get(key);
      if (known !== undefined) return known;
      const words = translate(...args);
      memory.set(key, words);
      return words;
    };
    return remembered as unknown as T;
  }, [memory, prefix, t]);
}
