import { useTheme } from '../lib/theme';

export function ThemeToggle({ withLabel = false }: { withLabel?: boolean }) {
  const { mode, toggle } = useTheme();
  const next = mode === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      role={withLabel ? 'menuitem' : undefined}
      className={withLabel ? 'menu-item theme-toggle' : 'icon-btn theme-toggle'}
      onClick={toggle}
      aria-label={`Switch to ${next} theme`}
      aria-pressed={mode === 'dark'}
      data-theme-mode={mode}
    >
      {mode === 'dark' ? (
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d="M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5z" fill="currentColor" />
        </svg>
      ) : (
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <circle cx="12" cy="12" r="4.5" fill="currentColor" />
          <path d="M12 2v2.5M12 19.5V22M2 12h2.5M19.5 12H22M4.9 4.9l1.8 1.8M17.3 17.3l1.8 1.8M4.9 19.1l1.8-1.8M17.3 6.7l1.8-1.8" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      )}
      {withLabel && <span>{mode === 'dark' ? 'Dark theme' : 'Light theme'}</span>}
    </button>
  );
}
