"use strict";
// The light or dark page, chosen before the first paint (this script is not deferred):
// the player's choice kept in the browser ("light", "dark" or "system"), and with
// "system" the scheme the system asks for, followed as it changes.
const THEME_KEY = "queens/theme";
const systemDark = window.matchMedia("(prefers-color-scheme: dark)");

function themeChoice() {
  try {
    const choice = JSON.parse(localStorage.getItem(THEME_KEY));
    return ["light", "dark"].includes(choice) ? choice : "system";
  } catch (err) {
    return "system";
  }
}

function applyTheme(choice = themeChoice()) {
  const dark = choice === "dark" || (choice === "system" && systemDark.matches);
  document.documentElement.dataset.theme = dark ? "dark" : "light";
}

applyTheme();
systemDark.addEventListener("change", () => applyTheme());
