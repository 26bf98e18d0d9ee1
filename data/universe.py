"""The product's universe: about 250 US option underlyings with the parameters the synthetic market uses.

Each ``TickerSpec`` holds a reference price level (the level the synthetic path passes through on
``ANCHOR_DATE``), a long-run annual volatility, the beta to the market factor, a sector, a continuous
dividend yield, the listing style (dailies, weeklies, quarterlies, LEAPS) and the strike spacing rule.
The levels are round figures in the right region for each symbol, not quotes of any real day.

Conventions decided here (see docs/design.md, "Sources"):

* the risk-free rate is one curve for every ticker, ``rate_for(day)``: a slow, deterministic drift
  around 4 % (no real curve ships with the product); real files may carry their own ``rate``;
* dividends are a continuous yield per ticker (``TickerSpec.div_yield``); VIX has none.
"""

from __future__ import annotations

import math
import zlib
from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache

from domain import market_calendar as cal

ANCHOR_DATE = date(2026, 1, 2)

# Tickers with an expiration every trading day (0DTE every session).
DAILY_TICKERS = ("SPX", "SPY", "QQQ", "IWM")
INDEX_TICKERS = ("SPX", "NDX", "RUT", "VIX")


@dataclass(frozen=True)
class TickerSpec:
    symbol: str
    kind: str  # "index" | "etf" | "stock" | "vol_index"
    sector: str
    price: float  # level on ANCHOR_DATE
    vol: float  # long-run annualised volatility (decimal)
    beta: float  # loading on the market factor
    div_yield: float  # continuous dividend yield (decimal per year)
    dailies: bool = False
    weeklies: bool = False
    quarterlies: bool = False
    leaps: bool = False
    liquidity: float = 1.0  # relative option activity (SPX = 100)
    tracks: str | None = None  # an ETF that follows an index in the universe (SPY -> SPX)
    volume: float = 0.0  # typical option volume, contracts per day (real-market order of magnitude)
    put_call: float = 1.0  # put/call ratio of open interest (contracts)

    @property
    def has_0dte(self) -> bool:
        return self.dailies

    @property
    def reports_earnings(self) -> bool:
        return self.kind == "stock"

    @property
    def earnings_move(self) -> float:
        """Standard deviation of the log move on an earnings report: EARNINGS_MOVE_DAYS daily vols."""
        return EARNINGS_MOVE_DAYS * self.vol / math.sqrt(252.0) if self.reports_earnings else 0.0

    def strike_step(self, level: float | None = None) -> float:
        """Strike spacing near the money at a price ``level`` (defaults to the reference price)."""
        return strike_step(self.symbol, self.price if level is None else level, self.weeklies)


def strike_step(symbol: str, price: float, liquid: bool = True) -> float:
    if symbol == "SPX":
        return 5.0
    if symbol == "NDX":
        return 10.0
    if symbol == "RUT":
        return 5.0
    if symbol == "VIX":
        return 1.0
    if symbol in ("SPY", "QQQ", "IWM"):   # the index ETFs list $1 strikes near the money
        return 1.0
    if price < 25:
        return 0.5
    if price < 60:
        return 1.0 if liquid else 2.5
    if price < 200:
        return 1.0 if liquid else 2.5
    if price < 500:
        return 2.5 if liquid else 5.0
    if price < 1500:
        return 5.0 if liquid else 10.0
    return 10.0


# Earnings: single stocks report four times a year, after the close of a trading day EARNINGS_LAG
# days (per symbol) after each calendar quarter's end; the report moves the stock at the next open.
EARNINGS_LAG = (20, 45)
EARNINGS_MOVE_DAYS = 2.5


def earnings_dates(symbol: str, start: date, end: date) -> list[date]:
    """Report days of ``symbol`` in [start, end] (after the close); empty for indices and ETFs."""
    spec = _by_symbol().get(symbol.upper())
    if spec is None or not spec.reports_earnings:
        return []
    return [e for e in _earnings(spec.symbol, start.year - 1, end.year) if start <= e <= end]


@lru_cache(maxsize=4096)
def _earnings(symbol: str, first_year: int, last_year: int) -> tuple[date, ...]:
    lo, hi = EARNINGS_LAG
    lag = lo + int((hi - lo + 1) * _unit_hash(symbol + ":earnings")) if hi > lo else lo
    out = []
    for y in range(first_year, last_year + 1):
        for m in (3, 6, 9, 12):
            quarter_end = date(y + (m == 12), m % 12 + 1, 1) - timedelta(days=1)
            d = quarter_end + timedelta(days=min(lag, hi))
            while not cal.is_trading_day(d):
                d += timedelta(days=1)
            out.append(d)
    return tuple(out)


def rate_for(day: date) -> float:
    """Continuously compounded risk-free rate used for every ticker on ``day`` (decimal)."""
    x = (day - ANCHOR_DATE).days / 365.0
    return 0.040 + 0.006 * math.sin(0.9 * x) + 0.003 * math.sin(2.3 * x + 1.0)


# ---------------------------------------------------------------- the list
# symbol:price:vol(%) per sector. Beta and dividend yield come from the sector table below, nudged per
# symbol by a stable hash so names in a sector are not identical.

_SECTORS = {
    # sector: (beta, dividend yield)
    "Technology": (1.20, 0.006),
    "Communication": (1.05, 0.008),
    "Consumer Discretionary": (1.15, 0.008),
    "Consumer Staples": (0.60, 0.027),
    "Health Care": (0.75, 0.017),
    "Financials": (1.10, 0.022),
    "Energy": (0.90, 0.035),
    "Industrials": (1.00, 0.017),
    "Materials": (1.00, 0.020),
    "Utilities": (0.50, 0.032),
    "Real Estate": (0.80, 0.035),
}

_STOCKS = {
    "Technology": """
        AAPL:255:26 MSFT:480:24 NVDA:185:45 AVGO:340:42 ORCL:195:40 CRM:260:32 ADBE:350:32 AMD:210:50
        INTC:38:50 CSCO:70:22 QCOM:170:32 TXN:180:30 IBM:295:26 NOW:850:36 INTU:650:30 AMAT:250:42
        MU:280:55 LRCX:160:45 KLAC:1150:40 ADI:265:30 SNPS:470:34 CDNS:320:34 PANW:190:34 CRWD:470:45
        FTNT:80:36 ANET:130:45 MRVL:85:55 NXPI:215:38   DELL:125:45 
         SMCI:32:75 PLTR:180:60 SNOW:220:50 DDOG:140:50 NET:200:55 ZS:250:45 MDB:400:55
         SHOP:160:55 WDAY:215:34 ADSK:300:30   
    """,
    "Communication": """
        GOOGL:315:30 GOOG:316:30 META:660:36 NFLX:95:36 DIS:112:26 CMCSA:29:26 T:25:20 VZ:41:19
        TMUS:205:22 CHTR:210:38   WBD:28:45 SPOT:590:42 RBLX:85:55 
        SNAP:8:60 UBER:82:40
    """,
    "Consumer Discretionary": """
        AMZN:230:32 TSLA:450:60 HD:350:22 MCD:305:17 NKE:62:34 SBUX:85:30 LOW:245:24 TGT:98:32
        BKNG:5400:28 TJX:155:20 ROST:180:26 CMG:38:38 LULU:205:45 F:13:34 GM:80:34 RIVN:19:65
        LCID:12:75  EBAY:88:32   MAR:310:26 HLT:285:26 CCL:30:45
        RCL:280:45 ABNB:135:38 DASH:230:42   DKNG:35:50
    """,
    "Consumer Staples": """
        WMT:112:20 COST:870:20 PG:145:16 KO:70:15 PEP:150:18 PM:160:24 MO:58:19 MDLZ:55:20
        CL:80:18    KR:63:22 DG:130:38 DLTR:125:42 EL:105:45 STZ:140:30
        MNST:76:24 
    """,
    "Health Care": """
        UNH:330:38 JNJ:205:17 LLY:1050:35 PFE:25:24 MRK:105:26 ABBV:225:26 TMO:580:26 ABT:125:20
        DHR:230:26 BMY:53:28 AMGN:330:25 GILD:122:26 CVS:78:34 CI:280:30 HUM:255:40 ISRG:560:32
        MDT:97:20 SYK:355:22 VRTX:450:28 REGN:760:32 MRNA:30:65   ELV:350:34
        HCA:470:28 
    """,
    "Financials": """
        JPM:320:22 BAC:54:26 WFC:92:26 C:115:30 GS:880:30 MS:175:30 SCHW:95:28 BLK:1070:26
        AXP:365:28 V:350:20 MA:570:20 PYPL:60:38 COF:240:34  PNC:205:26 
        SPGI:520:20 MCO:500:22  CME:275:20 CB:310:20 PGR:245:24  AIG:78:26
        BK:115:24 COIN:250:70 HOOD:115:75 SOFI:27:65 BRKB:500:16 KKR:130:40 BX:150:38
    """,
    "Energy": """
        XOM:118:24 CVX:152:24 COP:92:30 SLB:38:34 EOG:108:28 OXY:42:34 PSX:135:32 MPC:165:32
        VLO:160:34 HAL:27:38 DVN:35:36 KMI:27:22 WMB:60:22 OKE:72:28 FANG:150:34
    """,
    "Industrials": """
        BA:215:34 CAT:580:30 DE:470:26 GE:310:32 HON:195:22 UPS:100:30 FDX:285:30 LMT:480:22
        RTX:180:22 NOC:570:24 GD:340:20 MMM:160:26 UNP:230:22 CSX:36:24  WM:220:18
        EMR:135:28 ETN:330:32  PH:860:28 DAL:68:40 UAL:110:48 AAL:15:50 LUV:38:38
        GEV:650:50 
    """,
    "Materials": """
        LIN:430:18 APD:250:22 SHW:330:22 FCX:50:42 NEM:100:40 DOW:24:40  NUE:165:34
        CLF:13:55 AA:45:50 ALB:130:50 
    """,
    "Utilities": """
        NEE:80:24 DUK:118:17 SO:88:17 D:58:20 AEP:115:18 EXC:44:18 SRE:88:20 XEL:74:18 VST:170:50
        CEG:360:48
    """,
    "Real Estate": """
        PLD:127:24 AMT:178:24 CCI:90:26 EQIX:770:24 SPG:185:24 O:57:18 PSA:265:22 WELL:185:22
    """,
}

# symbol, kind, sector, price, vol(%), beta, div yield, dailies, weeklies, quarterlies, leaps, liquidity
_INDEX_ETF = [
    ("SPX", "index", "Index", 6900, 15, 1.00, 0.013, True, True, True, True, 100.0),
    ("NDX", "index", "Index", 25300, 17, 1.20, 0.007, False, True, True, True, 20.0),
    ("RUT", "index", "Index", 2500, 19, 1.15, 0.012, False, True, True, True, 10.0),
    ("VIX", "vol_index", "Volatility", 15, 85, 0.0, 0.0, False, True, False, False, 25.0),
    ("SPY", "etf", "Index", 690, 15, 1.00, 0.012, True, True, True, True, 60.0),
    ("QQQ", "etf", "Index", 620, 17, 1.20, 0.006, True, True, True, True, 45.0),
    ("IWM", "etf", "Index", 250, 19, 1.15, 0.011, True, True, True, True, 20.0),
    ("DIA", "etf", "Index", 480, 13, 0.95, 0.016, False, True, True, True, 4.0),
    ("XLF", "etf", "Financials", 54, 18, 1.10, 0.015, False, True, True, True, 5.0),
    ("XLK", "etf", "Technology", 290, 22, 1.20, 0.006, False, True, True, True, 4.0),
    ("XLE", "etf", "Energy", 90, 24, 0.90, 0.032, False, True, True, True, 5.0),
    ("XLV", "etf", "Health Care", 155, 15, 0.75, 0.016, False, True, True, True, 3.0),
    ("XLI", "etf", "Industrials", 155, 17, 1.00, 0.014, False, True, True, True, 2.5),
    ("XLY", "etf", "Consumer Discretionary", 235, 21, 1.15, 0.008, False, True, True, True, 2.5),
    ("XLP", "etf", "Consumer Staples", 80, 12, 0.60, 0.026, False, True, True, True, 2.5),
    ("XLU", "etf", "Utilities", 85, 16, 0.50, 0.029, False, True, True, True, 3.0),
    ("XLB", "etf", "Materials", 90, 18, 1.00, 0.019, False, True, True, True, 1.5),
    ("XLRE", "etf", "Real Estate", 42, 18, 0.80, 0.033, False, True, True, True, 1.0),
    ("XLC", "etf", "Communication", 115, 19, 1.05, 0.009, False, True, True, True, 1.5),
    ("SMH", "etf", "Technology", 340, 34, 1.40, 0.004, False, True, True, True, 6.0),
    ("XBI", "etf", "Health Care", 115, 32, 1.10, 0.001, False, True, True, True, 3.0),
    ("KRE", "etf", "Financials", 63, 28, 1.20, 0.027, False, True, True, True, 4.0),
    ("XOP", "etf", "Energy", 130, 32, 1.00, 0.025, False, True, True, True, 2.0),
    ("GDX", "etf", "Materials", 75, 36, 0.40, 0.010, False, True, True, True, 6.0),
    ("GLD", "etf", "Commodities", 390, 16, 0.05, 0.0, False, True, True, True, 8.0),
    ("SLV", "etf", "Commodities", 65, 32, 0.15, 0.0, False, True, True, True, 8.0),
    ("USO", "etf", "Commodities", 70, 34, 0.40, 0.0, False, True, True, True, 3.0),
    ("UNG", "etf", "Commodities", 14, 55, 0.10, 0.0, False, True, True, True, 2.0),
    ("TLT", "etf", "Rates", 88, 14, -0.20, 0.042, False, True, True, True, 8.0),
    ("HYG", "etf", "Rates", 80, 6, 0.35, 0.058, False, True, True, True, 5.0),
    ("LQD", "etf", "Rates", 110, 8, 0.10, 0.045, False, True, True, True, 2.0),
    ("EEM", "etf", "International", 53, 18, 0.80, 0.022, False, True, True, True, 5.0),
    ("EFA", "etf", "International", 95, 15, 0.80, 0.028, False, True, True, True, 4.0),
    ("FXI", "etf", "International", 40, 30, 0.70, 0.023, False, True, True, True, 5.0),
    ("EWZ", "etf", "International", 32, 28, 0.80, 0.060, False, True, True, True, 3.0),
    ("KWEB", "etf", "International", 38, 38, 0.80, 0.010, False, True, True, True, 3.0),
    ("ARKK", "etf", "Technology", 80, 45, 1.60, 0.0, False, True, True, True, 3.0),
    ("TQQQ", "etf", "Index", 110, 60, 3.60, 0.0, False, True, True, True, 6.0),
    ("SQQQ", "etf", "Index", 15, 60, -3.60, 0.0, False, True, True, True, 3.0),
    ("VXX", "etf", "Volatility", 32, 70, -3.00, 0.0, False, True, True, False, 4.0),
]

# Index ETFs move with their index (price ratio fixed by the reference levels).
_TRACKS = {"SPY": "SPX", "QQQ": "NDX", "IWM": "RUT"}

# The most active single-stock option names: weeklies and larger activity.
_ACTIVE = set(
    """AAPL MSFT NVDA AVGO ORCL CRM ADBE AMD INTC CSCO QCOM MU PLTR SMCI GOOGL GOOG META NFLX DIS UBER
    AMZN TSLA HD MCD NKE SBUX TGT BKNG F GM RIVN LCID ABNB WMT COST KO PEP UNH JNJ LLY PFE MRK ABBV MRNA
    JPM BAC WFC C GS MS V MA PYPL COIN HOOD SOFI XOM CVX OXY BA CAT GE DAL UAL AAL FCX NEM SNOW CRWD
    SHOP NET DKNG CVS""".split()
)
_MEGA = {"AAPL": 30.0, "NVDA": 40.0, "TSLA": 45.0, "AMZN": 20.0, "MSFT": 15.0, "META": 15.0, "GOOGL": 12.0,
         "AMD": 12.0, "PLTR": 10.0, "AVGO": 8.0, "NFLX": 6.0, "COIN": 6.0}


# Typical daily option volume (contracts) of the best-known names, in the region of 2024-2025 figures.
# Other names: VOLUME_PER_LIQUIDITY contracts per unit of activity weight.
_VOLUME = {
    "SPX": 3.0e6, "SPY": 9.5e6, "QQQ": 5.5e6, "IWM": 1.0e6, "NDX": 4.0e4, "RUT": 4.0e4, "VIX": 6.0e5,
    "DIA": 4.0e4, "AAPL": 1.25e6, "NVDA": 3.0e6, "TSLA": 2.4e6, "AMZN": 9.0e5, "MSFT": 5.0e5,
    "META": 6.0e5, "GOOGL": 5.0e5, "AMD": 9.0e5, "PLTR": 1.0e6, "AVGO": 4.0e5, "NFLX": 3.0e5,
    "COIN": 4.0e5, "KO": 9.0e4, "XOM": 1.1e5,
}
VOLUME_PER_LIQUIDITY = 4.0e4

# Put/call ratio of open interest: index options are put-heavy (portfolio hedges), single names
# call-heavy, the volatility index call-heavy. Names not listed: by kind, nudged per symbol.
_PUT_CALL = {"SPX": 1.75, "NDX": 1.5, "RUT": 1.6, "SPY": 1.6, "QQQ": 1.5, "IWM": 1.8, "VIX": 0.5,
             "AAPL": 0.75, "NVDA": 0.65, "TSLA": 0.7, "KO": 0.85, "XOM": 0.8}


def _put_call(sym: str, kind: str, sector: str) -> float:
    if sym in _PUT_CALL:
        return _PUT_CALL[sym]
    h = _unit_hash(sym + ":pc")
    if kind == "etf" and sector in ("Commodities", "Volatility"):
        return round(0.7 + 0.3 * h, 2)
    if kind == "etf":
        return round(1.2 + 0.5 * h, 2)
    return round(0.6 + 0.3 * h, 2)


def _unit_hash(text: str) -> float:
    return (zlib.crc32(text.encode()) & 0xFFFFFFFF) / 0xFFFFFFFF


@lru_cache(maxsize=1)
def _build() -> tuple[TickerSpec, ...]:
    specs: list[TickerSpec] = []
    for sym, kind, sector, price, vol, beta, dy, dailies, weeklies, quarterlies, leaps, liq in _INDEX_ETF:
        specs.append(TickerSpec(sym, kind, sector, float(price), vol / 100.0, beta, dy, dailies, weeklies,
                                quarterlies, leaps, liq, _TRACKS.get(sym),
                                volume=_VOLUME.get(sym, VOLUME_PER_LIQUIDITY * liq),
                                put_call=_put_call(sym, kind, sector)))
    for sector, text in _STOCKS.items():
        beta0, dy0 = _SECTORS[sector]
        for item in text.split():
            sym, price, vol = item.split(":")
            price, vol = float(price), float(vol) / 100.0
            h1, h2 = _unit_hash(sym + ":beta"), _unit_hash(sym + ":div")
            # High-volatility names carry more market beta and pay little or nothing.
            beta = round(beta0 * (0.75 + 0.5 * h1) * (0.8 + 0.6 * min(vol / 0.5, 1.0)), 2)
            dy = 0.0 if vol >= 0.5 else round(dy0 * (0.4 + 1.2 * h2), 4)
            active = sym in _ACTIVE
            liq = _MEGA.get(sym, 2.0 if active else 0.4 + 0.6 * _unit_hash(sym + ":liq"))
            specs.append(TickerSpec(sym, "stock", sector, price, vol, beta, dy, dailies=False,
                                    weeklies=active, quarterlies=False, leaps=True, liquidity=liq,
                                    volume=_VOLUME.get(sym, VOLUME_PER_LIQUIDITY * liq),
                                    put_call=_put_call(sym, "stock", sector)))
    symbols = [s.symbol for s in specs]
    if len(set(symbols)) != len(symbols):
        raise RuntimeError("duplicate symbol in the universe")
    return tuple(specs)


def universe() -> list[TickerSpec]:
    """Every ticker spec, indices and ETFs first."""
    return list(_build())


@lru_cache(maxsize=1)
def _by_symbol() -> dict[str, TickerSpec]:
    return {s.symbol: s for s in _build()}


def get(symbol: str) -> TickerSpec:
    """The spec of ``symbol``; ``KeyError`` when it is not in the universe."""
    return _by_symbol()[symbol.upper()]


def symbols() -> list[str]:
    return [s.symbol for s in _build()]


def zero_dte_symbols() -> list[str]:
    return [s.symbol for s in _build() if s.dailies]


def div_yield(symbol: str) -> float:
    spec = _by_symbol().get(symbol.upper())
    return spec.div_yield if spec is not None else 0.0
