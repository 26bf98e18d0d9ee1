/**
 * Glossary shown on the Help page's Dictionary tab. Sorted by title when displayed. A term with an `id`
 * can be opened from the product: the "?" buttons beside figures and the 0DTE panel's tooltips name it,
 * and the page links it as `/help?tab=dictionary#term-{id}`. Definitions follow docs/methodology.md.
 */
export interface DictionaryTerm {
  title: string;
  description: string;
  id?: string;
}

export const dictionaryTerms: DictionaryTerm[] = [
  {
    title: '0DTE',
    description:
      'Options that expire on the same trading day they are traded. Their greeks change very quickly, so dealer hedging in these contracts can dominate intraday price action.',
  },
  {
    title: '1DTE',
    description:
      'Options with one trading day left until expiration. They sit between same-day contracts and weekly options in how fast their exposure decays.',
  },
  {
    title: '52-Week Range',
    description:
      'The lowest and highest prices at which an underlying traded over the past year. Useful context for judging where implied volatility and positioning stand today.',
  },
  {
    title: 'American Option',
    description:
      'An option that may be exercised at any time up to and including its expiration date. Most single-stock and ETF options in the US are American style.',
  },
  {
    title: 'Ask',
    description: 'The lowest price at which a seller is currently willing to sell a contract or share.',
  },
  {
    title: 'Assignment',
    description:
      'The notice an option writer receives when the holder exercises. The writer must then deliver or take delivery of the underlying at the strike price.',
  },
  {
    title: 'At the Money (ATM)',
    description:
      'An option whose strike price is equal or very close to the current price of the underlying. At-the-money options carry the highest gamma and time value.',
  },
  {
    title: 'Bid',
    description: 'The highest price a buyer is currently willing to pay for a contract or share.',
  },
  {
    title: 'Bid-Ask Spread',
    description:
      'The difference between the bid and the ask. A narrow spread signals a liquid market; a wide spread raises the cost of entering and leaving a position.',
  },
  {
    title: 'Black-Scholes Model',
    description:
      'A pricing model for European options based on the underlying price, strike, time, interest rate, dividends and volatility. Most greeks quoted in the market are derived from it or a close variant.',
  },
  {
    title: 'Call Option',
    description:
      'A contract that gives the holder the right, but not the obligation, to buy the underlying at the strike price on or before expiration.',
  },
  {
    title: 'Call Wall',
    description:
      'The strike holding the largest concentration of call exposure. Dealer hedging around it often slows rallies, so it is watched as a potential ceiling.',
  },
  {
    title: 'Charm',
    description:
      'The rate at which an option’s delta changes as time passes, all else equal. Charm drives the steady re-hedging dealers perform into the close and ahead of expiration.',
  },
  {
    title: 'Delta',
    description:
      'The change in an option’s price for a one-unit move in the underlying. Delta also approximates the number of shares a dealer holds to stay neutral against an option position.',
  },
  {
    title: 'Delta-Adjusted Gamma',
    description:
      'Gamma scaled by the underlying price and contract size, expressed in shares or dollars per one percent move. It makes gamma exposure comparable across strikes and tickers.',
  },
  {
    title: 'Delta Hedging',
    description:
      'Buying or selling the underlying to offset the delta of an options book. Because delta changes with price, time and volatility, the hedge must be adjusted continuously.',
  },
  {
    title: 'Dealer',
    description:
      'A market maker that quotes options to the public and usually hedges the resulting risk in the underlying. Dealer hedging flows are the focus of Volland’s analytics.',
  },
  {
    id: 'dealer-premium',
    title: 'Dealer Premium',
    description:
      'The dollars dealers have taken in (positive) or paid out (negative) today for the options they sold and bought, summed over the day’s classified trades: each trade counts its price × 100 × contracts, with the sign of the dealer’s side. It is cash flow, not profit. The 0DTE dealer premium is the same sum over contracts that expire today.',
  },
  {
    title: 'European Option',
    description:
      'An option that may be exercised only at expiration. Cash-settled index options such as SPX are European style.',
  },
  {
    title: 'Exercise',
    description:
      'Using the right granted by an option: buying the underlying with a call or selling it with a put, at the strike price.',
  },
  {
    title: 'Expiration Date',
    description:
      'The last day on which an option can be exercised. After it, the contract ceases to exist and its exposure drops out of dealer books.',
  },
  {
    title: 'Exposure',
    description:
      'The aggregate sensitivity of dealer positions to a given greek, per strike or in total. Exposure charts show where hedging pressure concentrates.',
  },
  {
    title: 'Extrinsic Value',
    description:
      'The part of an option’s price above its intrinsic value, made up of time value and volatility value. It decays to zero by expiration.',
  },
  {
    title: 'Gamma',
    description:
      'The rate of change of delta for a one-unit move in the underlying. High dealer gamma means large hedging adjustments as price moves.',
  },
  {
    title: 'Gamma Squeeze',
    description:
      'A fast move in which dealers short gamma must buy into a rally or sell into a decline to stay hedged, accelerating the move they are hedging.',
  },
  {
    title: 'Greeks',
    description:
      'The family of sensitivities that describe how an option’s value reacts to price, time, volatility and rates: delta, gamma, vega, theta, rho, vanna, charm, vomma and others.',
  },
  {
    title: 'Hedge',
    description:
      'A position taken to reduce the risk of another position. Dealers hedge option inventory mainly with the underlying and with other options.',
  },
  {
    title: 'Historical Volatility',
    description:
      'The realized volatility of an underlying’s returns over a past window, annualized. Comparing it with implied volatility shows whether options are priced rich or cheap.',
  },
  {
    title: 'Implied Volatility (IV)',
    description:
      'The volatility that, plugged into a pricing model, reproduces an option’s market price. It is the market’s forecast of future movement.',
  },
  {
    title: 'In the Money (ITM)',
    description:
      'A call with a strike below the underlying price, or a put with a strike above it. In-the-money options have intrinsic value.',
  },
  {
    title: 'Index Option',
    description:
      'An option on a stock index such as SPX or NDX. Index options are usually cash settled and European style.',
  },
  {
    title: 'Intrinsic Value',
    description:
      'The amount by which an option is in the money. An out-of-the-money option has no intrinsic value.',
  },
  {
    title: 'IV Crush',
    description:
      'A sharp drop in implied volatility after an anticipated event such as earnings passes, which lowers option prices even if the underlying barely moves.',
  },
  {
    title: 'Kind',
    description:
      'In Volland, the side of the chain included in a chart: calls, puts, or both combined.',
  },
  {
    title: 'Liquidity',
    description:
      'How easily a contract can be traded without moving its price. Deep books and narrow spreads mark a liquid market.',
  },
  {
    title: 'Long Position',
    description:
      'Owning a contract or share. A long option holder has paid premium and holds the right the option grants.',
  },
  {
    title: 'Market Maker',
    description:
      'A firm that continuously quotes bids and asks and earns the spread in exchange for providing liquidity. Option market makers are the dealers whose hedging Volland measures.',
  },
  {
    title: 'Moneyness',
    description:
      'Where a strike sits relative to the underlying price: in, at or out of the money. Many greeks peak or fade depending on moneyness.',
  },
  {
    title: 'Notional Value',
    description:
      'The total value controlled by a contract: the underlying price multiplied by the contract multiplier and quantity.',
  },
  {
    title: 'Open Interest',
    description:
      'The number of option contracts outstanding at the end of a session. It changes only when positions are opened or closed, not when they change hands.',
  },
  {
    title: 'Option Chain',
    description:
      'The full list of calls and puts available on an underlying, organized by expiration and strike.',
  },
  {
    title: 'Out of the Money (OTM)',
    description:
      'A call with a strike above the underlying price, or a put with a strike below it. Its price consists entirely of extrinsic value.',
  },
  {
    id: 'paradigm',
    title: 'Paradigm',
    description:
      'The 0DTE panel’s one-line reading of the session, built from the charm of options expiring today on the strikes around spot (within one and a half opening straddles). A base name says which way that charm leans below and above spot — GEX, AG (anti-GEX), BOFA or SIDIAL — and a suffix says how clean the reading is and where spot stands: PURE, TARGET, LIS or MESSY, as in GEX-PURE or BOFA-MESSY. Undefined means one side of spot carries no 0DTE charm; after the close there is no paradigm because today’s options have expired.',
  },
  {
    title: 'Pin Risk',
    description:
      'The tendency of the underlying to settle near a heavily traded strike at expiration, and the uncertainty it creates for option writers about assignment.',
  },
  {
    title: 'Premium',
    description: 'The price paid by the buyer of an option to the seller.',
  },
  {
    title: 'Put Option',
    description:
      'A contract that gives the holder the right, but not the obligation, to sell the underlying at the strike price on or before expiration.',
  },
  {
    title: 'Put Wall',
    description:
      'The strike holding the largest concentration of put exposure. Dealer hedging around it often cushions declines, so it is watched as potential support.',
  },
  {
    title: 'Realized Volatility',
    description:
      'Volatility actually observed in the underlying over a period, as opposed to the volatility implied by option prices.',
  },
  {
    title: 'Rho',
    description:
      'The change in an option’s price for a one-percentage-point change in interest rates. It matters most for long-dated options.',
  },
  {
    title: 'Short Position',
    description:
      'Having sold a contract or share not previously owned. An option writer is short the option and carries the obligation it creates.',
  },
  {
    title: 'Skew',
    description:
      'The difference in implied volatility across strikes of the same expiration. Equity indexes usually show higher volatility on downside puts.',
  },
  {
    title: 'Strike Price',
    description: 'The price at which the holder of an option may buy (call) or sell (put) the underlying.',
  },
  {
    title: 'Term Structure',
    description:
      'How implied volatility varies across expirations for the same underlying. An inverted term structure often accompanies stress.',
  },
  {
    title: 'Theta',
    description:
      'The change in an option’s price as one day passes, all else equal. Theta is the cost of holding options and the income of selling them.',
  },
  {
    title: 'Ticker',
    description: 'The symbol identifying an underlying such as SPX, SPY or QQQ.',
  },
  {
    title: 'Time Decay',
    description:
      'The gradual loss of an option’s extrinsic value as expiration approaches. It speeds up in the final days and hours.',
  },
  {
    title: 'Underlying',
    description: 'The stock, ETF or index on which an option is written.',
  },
  {
    title: 'Vanna',
    description:
      'The change in delta for a change in implied volatility. When volatility falls, vanna flows can force dealers to buy or sell the underlying even without a price move.',
  },
  {
    title: 'Vega',
    description:
      'The change in an option’s price for a one-point change in implied volatility.',
  },
  {
    title: 'VIX',
    description:
      'An index of the 30-day implied volatility of S&P 500 options, widely followed as a gauge of expected market movement.',
  },
  {
    title: 'Volatility Surface',
    description:
      'A three-dimensional view of implied volatility across strikes and expirations, combining skew and term structure.',
  },
  {
    title: 'Vomma',
    description:
      'The change in vega for a change in implied volatility. It describes how an option’s volatility sensitivity itself reacts to volatility.',
  },
  {
    title: 'Zero Gamma Level',
    description:
      'The underlying price at which total dealer gamma exposure flips sign. Above it dealers tend to dampen moves; below it they tend to amplify them.',
  },
  {
    id: 'gex',
    title: 'GEX (Paradigm)',
    description:
      'A paradigm in which today’s charm is negative on both sides of spot: as time passes, dealers’ hedges turn into buying whether price sits a little lower or a little higher. It leans bullish. Its target is the first price above spot where that aggregate charm stops being negative; its line in the sand is the first price below spot where it turns positive.',
  },
  {
    id: 'ag',
    title: 'AG (Anti-GEX Paradigm)',
    description:
      'The mirror of GEX: today’s charm is positive on both sides of spot, so the passing of time turns dealers’ hedges into selling. It leans bearish. Its target is the first price below spot where aggregate charm stops being positive; its line in the sand is the first price above spot where it turns negative.',
  },
  {
    id: 'bofa',
    title: 'BOFA (Paradigm)',
    description:
      'A range paradigm: today’s charm is negative below spot and positive above it, so dealers buy dips and sell rallies as the day goes on. It has no target. Its two lines in the sand are the strike with the most negative charm below spot and the one with the most positive charm above, and they frame the range.',
  },
  {
    id: 'sidial',
    title: 'SIDIAL (Paradigm)',
    description:
      'The opposite range shape to BOFA: today’s charm is positive below spot and negative above it, so hedging with time tends to push price away from where it is, towards either edge. It has no target. Its two lines in the sand are the strike with the most positive charm below spot and the one with the most negative charm above.',
  },
  {
    id: 'pure',
    title: 'PURE (Paradigm Suffix)',
    description:
      'Added to a paradigm name when both sides of spot lean clearly one way (at least 60 % of the charm on each side is net in one direction) and spot is near neither the target nor a line in the sand. The cleanest form of a reading.',
  },
  {
    id: 'target-suffix',
    title: 'TARGET (Paradigm Suffix)',
    description:
      'Added to GEX or AG when both sides lean clearly and spot has reached the target: the two are no further apart than the larger of 0.15 % of spot and one strike step. The move the paradigm pointed to has played out.',
  },
  {
    id: 'lis-suffix',
    title: 'LIS (Paradigm Suffix)',
    description:
      'Added to a paradigm name when both sides lean clearly and spot stands on a line in the sand (no further from it than the larger of 0.15 % of spot and one strike step). This is where the reading would change if price goes through.',
  },
  {
    id: 'messy',
    title: 'MESSY (Paradigm Suffix)',
    description:
      'Added to a paradigm name when at least one side of spot does not lean clearly: its charm is split so that less than 60 % of it is net in one direction. The base name still gives the direction, but the reading is weak and can change quickly.',
  },
  {
    id: 'undefined',
    title: 'Undefined (Paradigm)',
    description:
      'Shown when no paradigm can be named: on at least one side of spot, the options expiring today carry no charm within the range the panel reads. There is then no target and no line in the sand.',
  },
  {
    id: 'target',
    title: 'Target (0DTE)',
    description:
      'The price a GEX or AG paradigm points to: the first price, moving from spot in the paradigm’s direction, at which today’s aggregate charm changes sign. Range paradigms (BOFA, SIDIAL) have none. The panel shows its distance from spot in points and per cent, or why it is absent.',
  },
  {
    id: 'lis',
    title: 'Line in the Sand (LIS)',
    description:
      'The price at which the paradigm stops holding. GEX and AG have one, on the side opposite the target; BOFA and SIDIAL have two that bound their range. The panel shows each with its distance from spot in points and per cent, or why it is absent.',
  },
  {
    id: 'dads',
    title: 'Delta-Adjusted Dealer Spread (DADS)',
    description:
      'The average, over all of today’s classified trades so far, of the edge dealers earn per contract against the middle of the quote, each trade’s edge scaled by its contract’s absolute delta so far out-of-the-money trades weigh little. In dollars per contract. It widens when liquidity is poor and customers pay up to trade. The day-to-day change compares it with the previous session’s closing value.',
  },
  {
    id: 'dap',
    title: 'Delta-Adjusted Dealer Premium (DAP)',
    description:
      'Dealer premium with each trade weighted by the absolute delta of its contract, so far out-of-the-money options, which barely move with the underlying, count for little. In dollars, over today’s classified trades.',
  },
  {
    id: 'vanna-stochastic',
    title: 'Vanna Stochastic',
    description:
      'Where spot sits on the dealers’ vega profile, from −1 to 1. It divides the slope of total dealer vega against spot, here and now, by the steepest such slope found anywhere within 10 % of spot; it is positive when dealer vega rises with price. Near +1 or −1 dealer vega is at its most sensitive to price; near 0 spot sits at a peak or trough of dealer vega.',
  },
  {
    id: 'aggregate-charm',
    title: 'Aggregate Charm',
    description:
      'The sum of dealer charm exposure over a set of contracts, in dollars of delta per day: how much dealers’ hedges change as one day passes with price unchanged. Negative means the passing of time makes dealers buy (supportive); positive means they sell. The 0DTE panel shows it for the options expiring today.',
  },
];

/** The entry a "?" button or a tooltip opens, by its id. */
export function dictionaryEntry(id: string): DictionaryTerm | undefined {
  return dictionaryTerms.find((t) => t.id === id);
}

/** Where the Help page shows an entry. */
export function dictionaryHref(id: string): string {
  return `/help?tab=dictionary#term-${id}`;
}
