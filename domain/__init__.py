"""The product's domain rules, pure: the vocabulary, the exchange calendar, the market clock's replay
mapping, the expirations grammar, the tiers and their refresh schedule, the screener's arithmetic and
the stalled-refresh rule.

The package mirrors ``web/src/domain/`` file for file where the browser has a twin (``expirations.py`` ↔
``expirations.ts``, ``refresh_schedule.py`` ↔ ``refreshSchedule.ts``, ``tiers.py`` ↔ ``tiers.ts``,
``market_calendar.py`` ↔ ``marketCalendar.ts``, ``market_clock.py`` ↔ ``marketClock.ts``), and both
languages run the same golden cases (``tests/fixtures/golden/``: ``tests/domain/test_golden.py`` ↔
``web/src/domain/golden.test.ts``).

Import rule (``tests/market/test_layers.py``): the domain imports the standard library and third-party
libraries only, nothing of ``engine``, ``data``, ``api``, ``jobs`` or ``volland``; every layer may import
the domain. Whatever reads a clock, a setting or a store lives in the layer that owns it and passes plain
values in.
"""
