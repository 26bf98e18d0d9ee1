// Domain types of workspaces and widgets, in the spec's vocabulary (app spec §3).
import type {
  ChartName,
  ChartType,
  ExpirationOptionWord,
  Kind,
  ScreenerFlagWord,
  ScreenerGreekWord,
  ScreenerLength,
  ScreenerSuperlativeWord,
  ScreenerTimeFrameWord,
} from '../api/enums';
import type { components } from '../api/schema';

// The closed sets below come from the backend's OpenAPI document (../api/schema.d.ts, ../api/enums.ts).
export type WorkspaceState = components['schemas']['Workspace']['state'];

export type WidgetType = components['schemas']['Widget']['type'];

export type WidgetSize = components['schemas']['Widget']['size'];

// Chart kinds and chart names come from the widget kinds table (api/workspaces/kinds.py).
export type { ChartName, ChartType };
export type ExposureKind = Kind;
/** What an exposure chart is compared with (docs/methodology.md §4.10). */
export type CompareWith = NonNullable<components['schemas']['ExposureChangeBody']['compareWith']>;

export type ExpirationOption = ExpirationOptionWord;

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
  /** Exposure charts: draw the change per strike since this earlier snapshot; absent/null = no comparison. */
  compareWith?: CompareWith | null;
  /** compareWith 'time': 'yyyy-MM-dd HH:mm' (New York time) of the snapshot compared with. */
  compareTime?: string | null;
  /** Exposure charts comparing: also draw both profiles as lines. */
  compareOverlay?: boolean;
  /** Vanna exposure charts: vanna scaled to a +10 % relative IV move per strike (all expirations). */
  ivAdjusted?: boolean;
  /** Historical exposure charts over all expirations: the session close of the date's day. */
  sessionClose?: boolean;
}

export interface TickerConfiguration {
  ticker: string;
  greek?: string;
  /** 'yyyy-MM-dd HH:mm' (New York time) when historical; absent when live. */
  date?: string | null;
}

export type ScreenerFlag = ScreenerFlagWord;
export type ScreenerSuperlative = ScreenerSuperlativeWord;
export type ScreenerGreek = ScreenerGreekWord;
export type ScreenerTimeFrame = ScreenerTimeFrameWord;

export interface ScreenerConfiguration {
  flag: ScreenerFlag;
  length: ScreenerLength;
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
