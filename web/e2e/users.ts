// Demo users created by e2e/server.sh (keep both in sync).
export const PASSWORD = 'E2e-password-1';

export const USERS = {
  live: { email: 'live@e2e.volland.test', firstName: 'Lena', tier: 'live' },
  basic: { email: 'basic@e2e.volland.test', firstName: 'Bruno', tier: 'basic' },
  admin: { email: 'admin@e2e.volland.test', firstName: 'Ada', tier: 'live' },
  nosub: { email: 'nosub@e2e.volland.test', firstName: 'Nora', tier: null },
  /** The charts spec's own user: its workspaces are reset without touching the other specs'. */
  charts: { email: 'charts@e2e.volland.test', firstName: 'Chloe', tier: 'live' },
  chartsBasic: { email: 'charts-basic@e2e.volland.test', firstName: 'Carl', tier: 'basic' },
  /** The surfaces and screenshots specs' own users (each resets only its own workspaces). */
  surfaces: { email: 'surfaces@e2e.volland.test', firstName: 'Sofia', tier: 'live' },
  gallery: { email: 'gallery@e2e.volland.test', firstName: 'Gus', tier: 'live' },
  /** The academy specs' learners (their quiz answers and points are their own). */
  learner: { email: 'learner@e2e.volland.test', firstName: 'Leo', tier: 'live' },
  student: { email: 'student@e2e.volland.test', firstName: 'Stella', tier: 'live' },
  /** The defects spec's own user (menus by keyboard, phone layout). */
  defects: { email: 'defects@e2e.volland.test', firstName: 'Dora', tier: 'live' },
  /** The freshness spec's subscribers, one per tier. */
  freshLive: { email: 'fresh-live@e2e.volland.test', firstName: 'Lior', tier: 'live' },
  fresh30: { email: 'fresh-30@e2e.volland.test', firstName: 'Tamsin', tier: '30' },
  fresh3: { email: 'fresh-3@e2e.volland.test', firstName: 'Trey', tier: '3' },
  freshBasic: { email: 'fresh-basic@e2e.volland.test', firstName: 'Bea', tier: 'basic' },
  /** The explained spec's own user (0DTE panel tooltips and "?" entries). */
  explained: { email: 'explained@e2e.volland.test', firstName: 'Elsa', tier: 'live' },
  /** The key levels and shortcuts spec's own user. */
  keylevels: { email: 'keylevels@e2e.volland.test', firstName: 'Kira', tier: 'live' },
  /** The session heatmap spec's own user. */
  heatmap: { email: 'heatmap@e2e.volland.test', firstName: 'Hana', tier: 'live' },
  /** The price-and-levels spec's own user. */
  levels: { email: 'levels@e2e.volland.test', firstName: 'Paz', tier: 'live' },
  /** The phone spec's subscribers, one per tier (the whole issue-25 list on an emulated phone). */
  phoneLive: { email: 'phone-live@e2e.volland.test', firstName: 'Pia', tier: 'live' },
  phone30: { email: 'phone-30@e2e.volland.test', firstName: 'Paz', tier: '30' },
  phone3: { email: 'phone-3@e2e.volland.test', firstName: 'Pip', tier: '3' },
  phoneBasic: { email: 'phone-basic@e2e.volland.test', firstName: 'Pola', tier: 'basic' },
  /** The compare spec's own user (exposure chart "Compare with"). */
  compare: { email: 'compare@e2e.volland.test', firstName: 'Cora', tier: 'live' },
  /** The flow spec's own user (volume and open interest, put/call balance, prints tape). */
  flow: { email: 'flow@e2e.volland.test', firstName: 'Flo', tier: 'live' },
  /** The replay and export spec's own user. */
  replay: { email: 'replay@e2e.volland.test', firstName: 'Rhea', tier: 'live' },
  /** The volatility spec's own user (term structure, skew, IV rank). */
  volatility: { email: 'volatility@e2e.volland.test', firstName: 'Vera', tier: 'live' },
  /** The alerts spec's own subscriber. */
  alerts: { email: 'alerts@e2e.volland.test', firstName: 'Alma', tier: 'live' },
  /** The clock spec's own user (24 h or 12 h, kept with the account). */
  clock: { email: 'clock@e2e.volland.test', firstName: 'Cleo', tier: 'live' },
  /** The feed spec's subscriber, on the live trade feed's own backend (e2e/feed-server.sh). */
  feed: { email: 'feed@e2e.volland.test', firstName: 'Fen', tier: 'live' },
} as const;

export type DemoUser = keyof typeof USERS;
