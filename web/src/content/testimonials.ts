/** Static reviews for the home-page carousel. Names are first names or initials only. */
export interface Testimonial {
  id: string;
  name: string;
  role: string;
  text: string;
  colors: [string, string];
}

export const testimonials: Testimonial[] = [
  { id: 't1', name: 'Marco', role: 'Index futures trader', colors: ['#6d5efc', '#35c3ff'], text: 'I stopped guessing where the market would stall. The call and put walls have become the first thing I check before the open.' },
  { id: 't2', name: 'J. R.', role: 'Swing trader', colors: ['#ff7a59', '#ffc15e'], text: 'Vanna finally makes sense to me. Seeing the exposure laid out by strike turned an abstract greek into something I can trade around.' },
  { id: 't3', name: 'Priya', role: 'Options seller', colors: ['#1fc8a9', '#3b82f6'], text: 'The 0DTE panel is the best tool I have for afternoon sessions. Charm flows into the close are right there on the screen.' },
  { id: 't4', name: 'T. K.', role: 'Portfolio manager', colors: ['#f43f5e', '#a855f7'], text: 'Clean, fast and honest about what it measures. Our desk uses it as a sanity check on every hedge we put on.' },
  { id: 't5', name: 'Elena', role: 'Day trader', colors: ['#22c55e', '#14b8a6'], text: 'Workspaces saved me hours. I have one layout for SPX, one for tech names and one for earnings week, and they load instantly.' },
  { id: 't6', name: 'Dev', role: 'Quant developer', colors: ['#0ea5e9', '#6366f1'], text: 'The data API is straightforward. A few lines of code and the exposure tables were flowing into our own models.' },
  { id: 't7', name: 'S. M.', role: 'Retired engineer, part-time trader', colors: ['#eab308', '#f97316'], text: 'The academy took me from knowing nothing about dealer positioning to reading the charts with confidence in a couple of weekends.' },
  { id: 't8', name: 'Nadia', role: 'ETF trader', colors: ['#ec4899', '#8b5cf6'], text: 'Knowing when dealers are short gamma changed how I size positions. Fewer surprises, steadier results.' },
  { id: 't9', name: 'Oliver', role: 'Volatility trader', colors: ['#10b981', '#84cc16'], text: 'The IV surfaces are crisp and the history lets me compare today’s skew with last quarter in seconds.' },
  { id: 't10', name: 'A. L.', role: 'Equity analyst', colors: ['#3b82f6', '#06b6d4'], text: 'I do not trade options, yet Volland is open all day. It explains moves in single stocks that price charts alone cannot.' },
  { id: 't11', name: 'Kenji', role: 'Prop trader', colors: ['#f59e0b', '#ef4444'], text: 'The Live tier is worth every cent. When the market turns, the exposure picture updates fast enough to act on.' },
  { id: 't12', name: 'Rosa', role: 'Options educator', colors: ['#a855f7', '#6366f1'], text: 'I point every student here. The greeks pages and the dictionary are the clearest explanations I have found.' },
  { id: 't13', name: 'B. W.', role: 'Futures trader', colors: ['#14b8a6', '#0ea5e9'], text: 'Paradigm and LIS levels give my day a framework. I plan my trades around them and adjust as the data refreshes.' },
];
