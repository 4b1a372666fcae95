/**
 * Themes of docs/product.md §1, kept in localStorage under `theme`. Storing it is necessary, not
 * functional: it is written only when the visitor presses a theme button, to honour that
 * request, like the language (decision 015). "System" is the default, so it stores nothing.
 */
export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];
export const THEME_STORAGE_KEY = "theme";

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}

/** Applies a theme to <html>; the same logic runs inline before first paint (root.tsx). */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement) {
  const dark = theme === "dark" || (theme === "system" && matchMedia("(prefers-color-scheme: dark)").matches);
  root.classList.toggle("dark", dark);
  root.style.colorScheme = dark ? "dark" : "light";
}

/** Keeps an explicit choice; choosing "system" forgets it, since that is what happens anyway. */
export function rememberTheme(storage: Storage, theme: Theme) {
  if (theme === "system") storage.removeItem(THEME_STORAGE_KEY);
  else storage.setItem(THEME_STORAGE_KEY, theme);
}
