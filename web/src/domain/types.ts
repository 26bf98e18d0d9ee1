// Domain types of workspaces and widgets, in the spec's vocabulary (app spec §3).

export type WorkspaceState = 'ACTIVE' | 'INACTIVE';

export type WidgetType =
  | 'CHART'
  | 'WATCHLIST'
  | 'TICKER'
  | 'CALENDAR'
  | 'NEWS'
  | 'AGGREGATE'
  | 'SHADOW'
  | 'INTRO'
  | 'ZERODTE'
  | 'DEALER_PREMIUM'
  | 'LIQUIDITY'
  | 'SCREENER';

export type WidgetSize = 'S' | 'M' | 'L';

export type ChartType = 'summary' | 'exposure' | 'statistics' | 'surface';
export type ExposureKind = 'both' | 'put' | 'call';
export type ChartName = 'SPOT_VOL_CORRELATION' | 'AGGREGATE_TREND' | 'GREEK_VOLATILITY' | 'IV_VOLATILITY';

export type ExpirationOption =
  | 'ALL'
  | 'MIXED'
  | 'CUSTOM'
  | 'SPECIFIC'
  | 'TODAY'
  | 'TOMORROW'
  | 'DAY_AFTER_TOMORROW'
  | 'THIS_WEEK'
  | 'NEXT_WEEK'
  | 'THIRTY_NEXT_DAYS'
  | 'THIRD_FRIDAY'
  | 'THIS_MONTH'
  | 'NEXT_MONTH'
  | 'THIS_YEAR'
  | 'NEXT_YEAR';

export interface Expirations {
  option: ExpirationOption;
  from?: string | null; // yyyy-MM-dd
  to?: string | null;
  dates?: string[];
}

export interface ChartConfiguration {
  type: ChartType;
  ticker: string;
  greek?: string;
  kind?: ExposureKind;
  expirations?: Expirations;
  /** 'yyyy-MM-dd HH:mm' (New York time) when historical; absent when live. */
  date?: string | null;
  isCumulative?: boolean;
  /** Exposure charts: strikes shown, in % of spot each side; absent/null = twice the 30-day expected move. */
  strikeRange?: number | null;
  chartName?: ChartName;
}

export interface TickerConfiguration {
  ticker: string;
  greek?: string;
  /** 'yyyy-MM-dd HH:mm' (New York time) when historical; absent when live. */
  date?: string | null;
}

export type ScreenerFlag = 'diff' | 'mag' | 'norm';
export type ScreenerSuperlative = 'least' | 'greatest';
export type ScreenerGreek = 'delta' | 'gamma' | 'theta' | 'vanna' | 'vega' | 'price';
export type ScreenerTimeFrame = 'day' | 'week' | 'month' | 'three_months' | 'year';

export interface ScreenerConfiguration {
  flag: ScreenerFlag;
  length: 10 | 25 | 50 | 100;
  superlative: ScreenerSuperlative;
  greek: ScreenerGreek;
  timeFrame: ScreenerTimeFrame;
  /** Older records carry the snake-case spelling. */
  time_frame?: ScreenerTimeFrame;
  stockPriceRange: { min: number | null; max: number | null };
}

export type WidgetConfiguration = ChartConfiguration | TickerConfiguration | ScreenerConfiguration | Record<string, unknown>;

export interface WidgetGroup {
  id: number;
  name: string;
  color: string;
}

export interface Position {
  x: number;
  y: number;
}

export interface Widget {
  id: string;
  name: string | null;
  type: WidgetType;
  size: WidgetSize;
  configuration: WidgetConfiguration;
  position: Position;
  group?: WidgetGroup | null;
}

export interface Workspace {
  id: string | number;
  name: string;
  state: WorkspaceState;
  order: number;
  widgets: Widget[];
}
