// The theme in force, read from <html data-theme> and followed as it changes (no provider needed, so
// renderers work the same inside the app, the widget dialog preview and tests).
import { useEffect, useState } from 'react';
import { currentTheme, type ThemeMode } from './scales';

export function useThemeMode(): ThemeMode {
  const [mode, setMode] = useState<ThemeMode>(currentTheme);
  useEffect(() => {
    const root = document.documentElement;
    const observer = new MutationObserver(() => setMode(currentTheme()));
    observer.observe(root, { attributes: true, attributeFilter: ['data-theme'] });
    setMode(currentTheme());
    return () => observer.disconnect();
  }, []);
  return mode;
}
