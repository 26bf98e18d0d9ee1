// What the About page may claim about the data: only what the active market-data source supports
// (the public statistics route names it in its X-Data-Source header; docs/data-sources.md).
export interface SourceClaims {
  /** The 'About our data' lead. */
  lead: string;
  /** How positions are estimated, for 'Who we are'. */
  engine: string;
}

const CLAIMS: Record<string, SourceClaims> = {
  synthetic: {
    lead: 'The figures shown here come from the built-in demonstration market: a simulated options market that prints trades and quotes through every session, so every chart works without a data feed.',
    engine: 'Our engine classifies every print of the demonstration market trade by trade, estimates dealer positioning, and turns it into exposure you can read at a glance.',
  },
  'cboe-delayed': {
    lead: 'Figures come from Cboe delayed quotes, 15 minutes behind the market, recalculated on every refresh. Dealer positions follow the open-interest convention; figures that need trade prints (dealer premium, spreads) are not available from this source.',
    engine: 'Our engine reads each option chain, takes each expiration’s forward from put–call parity, estimates dealer positioning from open interest, and turns it into exposure you can read at a glance.',
  },
  'opra-prints': {
    lead: 'Figures come from OPRA trade prints with the national best bid and offer, loaded from vendor files and classified trade by trade from the day’s opening open interest.',
    engine: 'Our engine processes the options prints trade by trade, estimates dealer positioning, and turns it into exposure you can read at a glance.',
  },
  'databento-live': {
    lead: 'Figures come from the live OPRA trade feed with the national best bid and offer, classified trade by trade from the morning’s open interest and refreshed on every snapshot of the session.',
    engine: 'Our engine processes every options print as it arrives, estimates dealer positioning, and turns it into exposure you can read at a glance.',
  },
  'massive-live': {
    lead: 'Figures come from the live OPRA trade feed with the national best bid and offer, classified trade by trade (multi-leg orders as packages) from the morning’s open interest and refreshed on every snapshot of the session.',
    engine: 'Our engine processes every options print as it arrives, estimates dealer positioning, and turns it into exposure you can read at a glance.',
  },
  'eod-file': {
    lead: 'Figures come from end-of-day option files, one snapshot per file. Dealer positions follow the open-interest convention; intraday and trade-flow figures are not available from this source.',
    engine: 'Our engine reads each option chain, estimates dealer positioning from open interest, and turns it into exposure you can read at a glance.',
  },
  'chain-file': {
    lead: 'Figures come from option-chain files, one snapshot per time stamp. Dealer positions follow the open-interest convention; trade-flow figures are not available from this source.',
    engine: 'Our engine reads each option chain, estimates dealer positioning from open interest, and turns it into exposure you can read at a glance.',
  },
};

/** The claims for `source` (the synthetic demonstration market while the answer has not arrived). */
export function sourceClaims(source: unknown): SourceClaims {
  return (typeof source === 'string' && CLAIMS[source]) || CLAIMS.synthetic;
}
