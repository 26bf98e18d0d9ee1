/** Neutral text badges for the 'Trusted by Global Media' strip. Invented outlet-style labels, no real publications. */
export const mediaBadges: string[] = [
  'Market Ledger',
  'The Options Desk',
  'Capital Wire',
  'Volatility Weekly',
  'Trading Floor Daily',
  'Finance Horizon',
  'The Strike Report',
  'Global Markets Review',
  'Derivatives Today',
  'Open Interest Journal',
  'The Quant Brief',
  'Equity Pulse',
  'Index Watch',
  'The Hedge Letter',
  'Risk & Return',
  'Session Close',
];

export const MEDIA_STRIP = { gap: 80, speed: 300, hoverSpeed: 100 } as const;
