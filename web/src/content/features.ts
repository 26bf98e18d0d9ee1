/** Tabs of the home-page feature showcase. The first tab (`metrics`) is the default. */
export type FeaturePreviewKind = 'metrics' | 'greeks' | 'workspaces';

export interface FeatureTab {
  id: FeaturePreviewKind;
  label: string;
  title: string;
  text: string;
  points: string[];
}

export const DEFAULT_FEATURE_TAB: FeaturePreviewKind = 'metrics';

export const featureTabs: FeatureTab[] = [
  {
    id: 'metrics',
    label: 'Sophisticated lit market metrics',
    title: 'See the market the way dealers have to hedge it',
    text: 'Exposure by strike and expiration, built from trade-level data across the lit options market, turns positioning into levels you can act on.',
    points: ['Call walls, put walls and the zero gamma level', 'Paradigm and LIS for every session', 'Dealer premium and liquidity at a glance'],
  },
  {
    id: 'greeks',
    label: 'Track the greeks',
    title: 'Nine greeks, every strike, every expiration',
    text: 'Follow charm, delta, delta-adjusted gamma, gamma, rho, theta, vanna, vega and vomma as they evolve, with twelve months of history for context.',
    points: ['Exposure, surfaces and trend charts', 'Calls, puts or both combined', 'Live or historical snapshots'],
  },
  {
    id: 'workspaces',
    label: 'Set up personalized workspaces',
    title: 'Your dashboard, arranged your way',
    text: 'Combine charts, summaries, 0DTE panels and the screener on a flexible grid. Save several workspaces and switch between them in one click.',
    points: ['Presets to start in seconds', 'Group widgets to change tickers together', 'Layouts saved to your account'],
  },
];
