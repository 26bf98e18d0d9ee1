"""Flow requests and answers: volume and open interest by strike, the put/call balance through a session and
one page of the prints tape (docs/methodology.md §4.14–4.16)."""

from __future__ import annotations

from marshmallow import Schema, fields, post_load, validate

from api.data.fields import Day, DayList, NyTime, choice, int_range
from api.data.heatmap.schemas import StrikeRange
from api.data.schemas import (CUSTOM_FROM, CUSTOM_TO, HISTORICAL_DATE, SELECTION_RULES, SnapshotAnswer,
                              TickerQuery, nullable_number, number)
from domain import vocabulary as v

VOLUME_OI_RANGE = (1, 50, 10)
TAPE_SIDES = ("all", "buy", "sell", "unclassified")
TAPE_ORDERS = ("premium", "time")
PAGE_SIZE = (1, 200, 50)


class _SelectionQuery(TickerQuery):
    """A per-ticker request with the expirations grammar in the query string and a historical ``date``."""

    expirations = choice(v.EXPIRATION_OPTIONS, "The expirations option (default ALL). " + SELECTION_RULES,
                         field="expirations", example="ALL")
    dates = DayList("SPECIFIC/MIXED: comma-separated expiration dates yyyy-MM-dd")
    from_ = Day(CUSTOM_FROM, None, name="from", data_key="from")
    to = Day(CUSTOM_TO, None, name="to")
    date = NyTime(HISTORICAL_DATE)

    error_names = {"expirations": "expirations.option", "from": "expirations.from", "to": "expirations.to",
                   "dates": "expirations.dates"}

    @post_load
    def _selection(self, data, **kwargs):
        data["expirations"] = {"option": data.pop("expirations", None) or v.DEFAULT_EXPIRATION_OPTION,
                               "from": data.pop("from_", None), "to": data.pop("to", None),
                               "dates": data.pop("dates", None) or None}
        return data


class VolumeOiQuery(_SelectionQuery):
    range = int_range(VOLUME_OI_RANGE, "Strikes drawn: within this many percent of the underlying price "
                                       "({0}-{1}, default {2})".format(*VOLUME_OI_RANGE), field="range")


class BalanceQuery(TickerQuery):
    date = NyTime(HISTORICAL_DATE)


class TapeQuery(_SelectionQuery):
    minPremium = fields.Float(load_default=0.0, allow_nan=False,
                              validate=validate.Range(min=0, max=1e12, error="'minPremium' must be from 0 to 1e12."),
                              error_messages={"invalid": "'minPremium' must be a number.",
                                              "special": "'minPremium' must be a number."},
                              metadata={"description": "Smallest premium shown, in dollars (default 0)",
                                        "example": 100000})
    side = choice(TAPE_SIDES, "The customer's side: all (default), buy, sell or unclassified", "all", field="side")
    sort = choice(TAPE_ORDERS, "premium: largest first (default); time: latest first", "premium", field="sort")
    page = fields.Integer(load_default=1, validate=validate.Range(min=1, max=100000,
                                                                  error="'page' must be a whole number from 1."),
                          error_messages={"invalid": "'page' must be a whole number from 1."},
                          metadata={"description": "Page number, from 1 (default 1)", "example": 1})
    pageSize = int_range(PAGE_SIZE, "Prints per page ({0}-{1}, default {2})".format(*PAGE_SIZE), field="pageSize")


class FlowExportQuery(TapeQuery):
    """A flow table as a file (``/api/v1/data/export/flow``): the routes' parameters, the table and the format."""

    table = choice(("prints", "volume_oi", "put_call"), "prints (default): every stored print of the session "
                   "passing the filters, in time order; volume_oi: the strikes of volland-live-api-volume-oi; "
                   "put_call: the buckets of volland-live-api-put-call", "prints", field="table")
    range = int_range(VOLUME_OI_RANGE, "volume_oi: strikes within this many percent of the price ({0}-{1}, "
                                       "default {2})".format(*VOLUME_OI_RANGE), field="range")
    format = choice(("parquet", "arrow"), "parquet (default) or arrow (Arrow IPC stream)", "parquet",
                    field="format")


# ---------------------------------------------------------------- answers


def _numbers(description: str, nullable: bool = False):
    return fields.List(fields.Float(allow_none=nullable), required=True, metadata={"description": description})


class VolumeOiTotals(Schema):
    callVolume = number(metadata={"description": "contracts traded today, calls of the drawn strikes"})
    putVolume = number(metadata={"description": "contracts traded today, puts of the drawn strikes"})
    callOpenInterest = number(metadata={"description": "start-of-day open interest, calls, contracts"})
    putOpenInterest = number(metadata={"description": "start-of-day open interest, puts, contracts"})
    volumeRatio = nullable_number("putVolume / callVolume (null when callVolume is 0)")
    openInterestRatio = nullable_number("putOpenInterest / callOpenInterest (null when callOpenInterest is 0)")


class VolumeOiAnswer(SnapshotAnswer):
    ticker = fields.String(required=True)
    expirations = fields.List(fields.String(), required=True, metadata={"description": "the expirations summed"})
    strikes = _numbers("strikes within the range, ascending")
    callVolume = _numbers("contracts of calls traded today per strike (cumulative to the snapshot)")
    putVolume = _numbers("contracts of puts traded today per strike")
    callOpenInterest = _numbers("open interest of calls at the start of the day per strike, contracts")
    putOpenInterest = _numbers("open interest of puts at the start of the day per strike, contracts")
    callOpenInterestChange = _numbers("callOpenInterest less the same at the previous session's last snapshot; "
                                      "null where that snapshot listed no contract at the strike", True)
    putOpenInterestChange = _numbers("putOpenInterest less the same at the previous session's last snapshot", True)
    previousSnapshot = fields.String(required=True, allow_none=True, metadata={
        "description": "the snapshot the change is taken against (ISO-8601 UTC); null: no earlier session"})
    totals = fields.Nested(VolumeOiTotals, required=True)
    currentPrice = nullable_number()
    strikeRange = fields.Nested(StrikeRange, required=True, metadata={
        "description": "percent, low and high: the underlying price less and plus the range"})


class BalanceSide(Schema):
    volume = _numbers("contracts printed per bucket")
    premium = _numbers("Σ price·size·100 per bucket, $")
    dealerPremium = _numbers("Σ −s·price·size·100 per bucket, $: + dealers collected, − dealers paid")


class BalanceTotals(Schema):
    callVolume = number()
    putVolume = number()
    callPremium = number()
    putPremium = number()
    callDealerPremium = number()
    putDealerPremium = number()
    volumeRatio = nullable_number("putVolume / callVolume")
    premiumRatio = nullable_number("putPremium / callPremium")


class BalanceSession(Schema):
    session = fields.String(required=True, metadata={"description": "the session date (New York)"})
    times = fields.List(fields.String(), required=True, metadata={
        "description": "start of each 5-minute bucket from the open (ISO-8601 UTC)"})
    call = fields.Nested(BalanceSide, required=True)
    put = fields.Nested(BalanceSide, required=True)
    totals = fields.Nested(BalanceTotals, required=True)


class BalanceAnswer(SnapshotAnswer):
    ticker = fields.String(required=True)
    bucketMinutes = fields.Integer(required=True)
    current = fields.Nested(BalanceSession, required=True, metadata={
        "description": "the answer's session up to its snapshot"})
    previous = fields.Nested(BalanceSession, required=True, allow_none=True, metadata={
        "description": "the previous published session, whole; null when none is published"})


class TapePrint(Schema):
    ts = fields.String(required=True, metadata={"description": "time of the print (ISO-8601 UTC)"})
    expiration = fields.String(required=True)
    strike = number()
    right = fields.String(required=True, validate=validate.OneOf(("C", "P")))
    size = fields.Integer(required=True, metadata={"description": "contracts"})
    price = number(metadata={"description": "$ per share"})
    bid = nullable_number("NBBO bid at the print, $ per share")
    ask = nullable_number("NBBO ask at the print, $ per share")
    premium = number(metadata={"description": "price·size·100, $"})
    customerSide = fields.String(required=True, allow_none=True, validate=validate.OneOf(("buy", "sell")),
                                 metadata={"description": "the customer bought or sold; null: unclassified"})
    dealerSide = fields.String(required=True, allow_none=True, validate=validate.OneOf(("buy", "sell")))
    legs = fields.String(required=True, validate=validate.OneOf(("single", "multi")))
    condition = fields.String(required=True, validate=validate.OneOf(("single", "spread", "complex")))
    packageId = fields.String(required=True, allow_none=True, metadata={
        "description": "the order's id, shared by the legs of one multi-leg order (text: ids exceed the "
                       "integers a JSON number carries exactly)"})


class TapeAnswer(SnapshotAnswer):
    ticker = fields.String(required=True)
    session = fields.String(required=True)
    expirations = fields.List(fields.String(), required=True, allow_none=True, metadata={
        "description": "the expirations kept; null: all"})
    total = fields.Integer(required=True, metadata={"description": "prints passing the filters"})
    page = fields.Integer(required=True)
    pageSize = fields.Integer(required=True)
    prints = fields.List(fields.Nested(TapePrint), required=True)
