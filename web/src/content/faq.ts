/** Questions and answers for the accordions on the Help page (4) and the About page (5). */
export interface FaqItem {
  id: string;
  question: string;
  answer: string[];
}

export const helpFaq: FaqItem[] = [
  {
    id: 'subscription-manage',
    question: 'How do I change or cancel my subscription?',
    answer: [
      'Open the user menu in the top-right corner of the workspace and choose Manage Subscription. From there you can switch tiers, update your payment method or cancel.',
      'Upgrades and downgrades take effect immediately and are prorated, so you only pay for what you use.',
    ],
  },
  {
    id: 'tier-difference',
    question: 'What is the difference between the subscription tiers?',
    answer: [
      'Every tier gives you the same charts, greeks and tickers. The only difference is how often your dashboard updates: Basic refreshes once after the close, Volland 3 three times a day, Volland 30 every thirty minutes and Volland Live every few minutes while the market is open.',
    ],
  },
  {
    id: 'trial',
    question: 'Is there a free trial?',
    answer: [
      'We do not offer free trials. The academy, this help centre and our educational videos are free, so you can learn how the data works before you subscribe.',
    ],
  },
  {
    id: 'trading-options',
    question: 'Do I need to trade options to use Volland?',
    answer: [
      'No. Dealer hedging moves the underlying itself, so stock, futures and ETF traders use Volland to anticipate support, resistance and volatility regimes without ever placing an options order.',
    ],
  },
];

export const aboutFaq: FaqItem[] = [
  {
    id: 'coverage',
    question: 'Which markets does Volland cover?',
    answer: [
      'Over 200 US equities, ETFs and indexes, including SPX, SPY, QQQ and VIX, with every listed expiration.',
    ],
  },
  {
    id: 'greeks',
    question: 'Which greeks can I analyse?',
    answer: [
      'Nine of them: charm, delta, delta-adjusted gamma, gamma, rho, theta, vanna, vega and vomma, each broken down by strike and expiration.',
    ],
  },
  {
    id: 'hedging-assumption',
    question: 'How do you estimate what dealers hedge?',
    answer: [
      'We infer dealer positions from classified trades (or, where a source carries no trades, from open interest) and show the exposure those positions carry before any hedge: the amount of delta, gamma, vanna or charm a dealer would have to offset. We do not assume any share of the book is already hedged; the methodology page defines every figure and its unit.',
    ],
  },
  {
    id: 'history',
    question: 'How much history is available?',
    answer: [
      'Twelve months of daily greek aggregates, so you can compare today’s positioning with the past year and see how each greek trended. On the demo market the older part of that year is modelled from the first computed session, and the trend chart marks it as such.',
    ],
  },
  {
    id: 'freshness',
    question: 'How fresh is the data?',
    answer: [
      'It depends on your tier. Volland Live recalculates every few minutes during market hours; the other tiers update on a fixed schedule that is shown as a countdown in the workspace header.',
    ],
  },
];
