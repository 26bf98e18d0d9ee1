"""``/api/v1/data``: the dashboard's market data, behind the data token.

Every answer is the data a subscriber's tier may see (``domain.refresh_schedule``): the latest snapshot published at
or before the tier's most recent refresh, with ``lastModified`` the snapshot time (ISO-8601 UTC). The one
blueprint (``api.data.data_route.blp``) gathers the routes of each resource folder; every route is declared
with ``data_route`` (token, fast path, parsing, snapshot choice, response cache — see that module).
"""

from __future__ import annotations

from api.data.data_route import blp

# Importing a resource's routes registers them on the blueprint.
from api.data.catalogue import routes as _catalogue  # noqa: F401,E402
from api.data.exposure import routes as _exposure  # noqa: F401,E402
from api.data.summary import routes as _summary  # noqa: F401,E402
from api.data.charts import routes as _charts  # noqa: F401,E402
from api.data.zero_dte import routes as _zero_dte  # noqa: F401,E402
from api.data.historical import routes as _historical  # noqa: F401,E402
from api.data.screener import routes as _screener  # noqa: F401,E402
from api.data.key_levels import routes as _key_levels  # noqa: F401,E402
from api.data.heatmap import routes as _heatmap  # noqa: F401,E402
from api.data.levels import routes as _levels  # noqa: F401,E402
from api.data.compare import routes as _compare  # noqa: F401,E402
from api.data.flow import routes as _flow  # noqa: F401,E402
from api.data.volatility import routes as _volatility  # noqa: F401,E402

__all__ = ["blp"]
