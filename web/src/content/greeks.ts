/** Greek explainers on the Help page. Each id doubles as the anchor (`/help?tab=greeks#vanna`). */
export interface GreekEntry {
  id: string;
  title: string;
  subtitle: string;
  text: string[];
}

export const greeks: GreekEntry[] = [
  {
    id: 'delta',
    title: 'Delta',
    subtitle: 'Sensitivity to the price of the underlying',
    text: [
      'Delta measures how much an option’s value changes when the underlying moves by one unit. A call with a delta of 0.40 gains about forty cents for every dollar the stock rises.',
      'For a dealer, delta is the hedge: it is the number of shares held against the option book. Delta exposure per strike shows where that inventory sits and which way it leans.',
    ],
  },
  {
    id: 'gamma',
    title: 'Gamma',
    subtitle: 'How fast delta changes with price',
    text: [
      'Gamma is the rate at which delta changes as the underlying moves. It is largest for at-the-money options close to expiration.',
      'When dealers are long gamma, they sell into rallies and buy into dips, which tends to calm the market. When they are short gamma, they chase the move and volatility expands.',
    ],
  },
  {
    id: 'delta-adjusted-gamma',
    title: 'Delta-Adjusted Gamma',
    subtitle: 'Gamma expressed in hedging terms',
    text: [
      'Raw gamma is hard to compare between a $20 stock and a $5,000 index. Delta-adjusted gamma scales it by price and contract size, so each strike reads as the amount of underlying dealers must trade for a one percent move.',
      'Use it to compare hedging pressure across strikes, expirations and tickers on one scale.',
    ],
  },
  {
    id: 'vanna',
    title: 'Vanna',
    subtitle: 'How delta reacts to implied volatility',
    text: [
      'Vanna measures the change in delta when implied volatility changes. A drop in volatility shifts the delta of every option in the book, and dealers re-hedge accordingly.',
      'Vanna flows are why markets often drift higher as volatility is sold after an event, and why a volatility spike can accelerate a sell-off.',
    ],
  },
  {
    id: 'charm',
    title: 'Charm',
    subtitle: 'How delta decays with time',
    text: [
      'Charm is the change in delta as time passes. Even with a flat market and steady volatility, out-of-the-money options lose delta every hour.',
      'Dealers unwind the hedges that are no longer needed, which creates predictable flows into the close and around expirations — especially on 0DTE-heavy days.',
    ],
  },
  {
    id: 'vega',
    title: 'Vega',
    subtitle: 'Sensitivity to implied volatility',
    text: [
      'Vega is the change in an option’s price for a one-point change in implied volatility. Long-dated options carry the most vega.',
      'Dealer vega exposure shows whether market makers benefit from or are hurt by rising volatility, and how they are likely to position in volatility products.',
    ],
  },
  {
    id: 'theta',
    title: 'Theta',
    subtitle: 'The cost of time',
    text: [
      'Theta is the amount an option loses as one day passes, all else equal. Buyers pay it; sellers collect it.',
      'Theta exposure per strike shows where dealers earn or pay the most time decay, and therefore where they are most comfortable holding risk.',
    ],
  },
];
