import { useMatches } from "react-router";

/**
 * What a route module says of itself in its `handle`, React Router's place for a route's metadata:
 * the translation namespaces it renders with (decision 011) and, for a reading page, that its first
 * view loads no JavaScript (decision 074).
 */
export type PageHandle = {
  i18n?: string[];
  /**
   * `false` on a reading page: text, images and links, whose every part works without JavaScript.
   * Its HTML then carries no scripts; a page that says nothing hydrates (decision 074).
   */
  hydrate?: false;
};

/** The matched routes' handles, from the root down to the page. */
export function usePageHandles(): PageHandle[] {
  return useMatches().map((match) => (match.handle ?? {}) as PageHandle);
}
