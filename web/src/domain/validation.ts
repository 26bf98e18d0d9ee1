// Validation of the workspace and widget forms (app spec §5). Messages quoted by the spec are verbatim.
import type { ScreenerConfiguration } from './types';

export const WORKSPACE_NAME_MAX = 120;

export const V = {
  workspaceNameRequired: 'Workspace name is required',
  workspaceNameTooLong: `Workspace name must be at most ${WORKSPACE_NAME_MAX} characters`,
  chooseWidget: 'Choose at least one widget',
  tickerRequired: 'Ticker is required',
  kindRequired: 'Kind is required',
  greekRequired: 'Greek is required',
  chartNameRequired: 'Chart is required',
  dateRequired: 'Calculation date is required',
  timeRequired: 'Calculation time is required',
  expirationsRequired: 'Expirations are required',
  zeroDteTicker: 'This ticker is not available in 0DTE list. Please change the ticker',
  zeroDteEmpty: "There are no tickers with today's expiration date",
  minPrice: 'Minimum stock price has to be greater or equal to 0',
  maxPrice: 'Maximum stock price has to be greater than minimal stock price',
  screenerField: 'This field is required',
  basicScreener: 'In order to use this widget, please upgrade the subscription to Volland 30 or higher.',
  selectKind: 'Select widget type to start',
} as const;

/** '{n} character(s) left' under the workspace name field. */
export function charactersLeft(name: string): string {
  const n = WORKSPACE_NAME_MAX - name.length;
  return `${n} character(s) left`;
}

export function validateWorkspaceName(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return V.workspaceNameRequired;
  if (trimmed.length > WORKSPACE_NAME_MAX) return V.workspaceNameTooLong;
  return null;
}

export function validateScreener(c: Partial<ScreenerConfiguration>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of ['flag', 'length', 'superlative', 'greek'] as const) {
    if (c[f] === undefined || c[f] === null || (c[f] as unknown) === '') errors[f] = V.screenerField;
  }
  if (!(c.timeFrame ?? c.time_frame)) errors.timeFrame = V.screenerField;
  const min = c.stockPriceRange?.min;
  const max = c.stockPriceRange?.max;
  if (min !== null && min !== undefined && (Number.isNaN(Number(min)) || Number(min) < 0)) errors.min = V.minPrice;
  if (max !== null && max !== undefined && min !== null && min !== undefined && !(Number(max) > Number(min))) {
    errors.max = V.maxPrice;
  }
  return errors;
}

export function validateZeroDteTicker(ticker: string, zeroDteTickers: string[] | undefined): string | null {
  if (!ticker) return V.tickerRequired;
  if (zeroDteTickers && !zeroDteTickers.includes(ticker.toUpperCase())) return V.zeroDteTicker;
  return null;
}

/**
 * Historical calculation date: required when the form is Historical; the time (HH:mm) must be one of
 * the available times of an available date (the picker's Apply is disabled otherwise).
 */
export function historicalApplyEnabled(
  date: string | null | undefined,
  time: string | null | undefined,
  availableDates: string[] | undefined,
  availableTimes: string[] | undefined,
): boolean {
  return Boolean(date && time && availableDates?.includes(date) && availableTimes?.includes(time));
}
