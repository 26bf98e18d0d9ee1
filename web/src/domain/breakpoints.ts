// The breakpoint table of app spec §9, in one place: the width (px) at which each layout class begins.
// Layout code reads it from here (grid.ts: mobile and tablet, the small full-width layouts); stylesheets,
// which cannot import it, write the same numbers (`min-width: N` or `max-width: N - 1`), which
// breakpoints.test.ts checks.

// Platform spec: "a 12-column grid with breakpoints named xxs to xxxxl". The spec lists ten widths and the
// names from xxs to xxxxl are nine; the ten are named in that one series, the widest one step further (xxxxxl).
export const BREAKPOINTS = {
  xxs: 0,
  xs: 480,
  sm: 640,
  md: 768,
  lg: 1280,
  xl: 1600,
  xxl: 1920,
  xxxl: 2560,
  xxxxl: 3200,
  xxxxxl: 4800,
} as const;

export type Breakpoint = keyof typeof BREAKPOINTS;

/** Under this width the screen is a tablet (app spec §9: "under 1024 tablet"); not a grid breakpoint. */
export const TABLET_BELOW = 1024;

/** The widest breakpoint a width reaches. */
export function breakpointOf(width: number): Breakpoint {
  let found: Breakpoint = 'xxs';
  for (const [name, min] of Object.entries(BREAKPOINTS) as [Breakpoint, number][]) if (width >= min) found = name;
  return found;
}

/** xxs, xs and sm are the small layouts: every widget full width (app spec §9). */
export function isSmallLayout(width: number): boolean {
  return width < BREAKPOINTS.md;
}
