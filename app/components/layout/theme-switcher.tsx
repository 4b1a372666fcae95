import { useEffect, useState } from "react";
import type { TFunction } from "i18next";
import { applyTheme, isTheme, rememberTheme, THEME_STORAGE_KEY, THEMES, type Theme } from "~/lib/theme";
import { MonitorIcon, MoonIcon, SunIcon } from "./icons";

const ICONS = { light: SunIcon, dark: MoonIcon, system: MonitorIcon } as const;

/** Light, dark or system. Themes need JavaScript, so the control shows only where it runs. */
export function ThemeSwitcher({ t }: { t: TFunction }) {
  const [theme, setTheme] = useState<Theme>("system");

  // The head script follows the device's setting while no theme is stored, on reading pages too
  // (root.tsx, decision 074).
  useEffect(() => {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    if (isTheme(stored)) setTheme(stored);
  }, []);

  function choose(next: Theme) {
    setTheme(next);
    rememberTheme(localStorage, next);
    applyTheme(next);
  }

  return (
    <div
      role="group"
      aria-label={t("theme.label")}
      className="js-only items-center gap-0.5 rounded-lg border border-gray-300 p-0.5 dark:border-gray-600"
    >
      {THEMES.map((option) => {
        const Icon = ICONS[option];
        const name = t(`theme.${option}`);
        return (
          <button
            key={option}
            type="button"
            aria-pressed={theme === option}
            title={name}
            onClick={() => choose(option)}
            className="theme-option"
          >
            <Icon />
            <span className="sr-only">{name}</span>
          </button>
        );
      })}
    </div>
  );
}
