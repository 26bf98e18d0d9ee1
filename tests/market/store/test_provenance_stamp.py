"""The source stamp every data answer carries (data.store.provenance.stamp)."""

import json

from data.store import provenance


def test_a_recorded_source_wins_over_the_configured_one(tmp_path):
    provenance.record(["SPY"], "cboe-delayed", tmp_path)
    body, info = provenance.stamp(b'{"a":1}', "SPY", tmp_path, configured_source="synthetic")
    assert info == {"source": "cboe-delayed", "sourceDelay": 900}
    assert json.loads(body) == {"source": "cboe-delayed", "sourceDelay": 900, "a": 1}


def test_without_a_record_the_callers_configured_source_is_named(tmp_path, monkeypatch):
    # The caller's settings decide, not a fresh read of the environment.
    monkeypatch.setenv("VOLLAND_SOURCE", "synthetic")
    body, info = provenance.stamp(b'{"a":1}', "QQQ", tmp_path, configured_source="cboe-delayed")
    assert info["source"] == "cboe-delayed"
    assert body.startswith(b'{"source":"cboe-delayed","sourceDelay":900,')


def test_stamping_twice_gives_the_same_body_and_a_new_source_replaces_the_old(tmp_path):
    once, _ = provenance.stamp(b'{"a":[1,2]}', "SPY", tmp_path, configured_source="synthetic")
    twice, _ = provenance.stamp(once, "SPY", tmp_path, configured_source="synthetic")
    assert twice == once
    other, _ = provenance.stamp(once, "SPY", tmp_path, configured_source="cboe-delayed")
    assert json.loads(other) == {"source": "cboe-delayed", "sourceDelay": 900, "a": [1, 2]}
    assert other.count(b'"source"') == 1
    empty, info = provenance.stamp(b'{}', None, tmp_path, configured_source="synthetic")
    assert json.loads(empty) == info == {"source": "synthetic",
                                         "sourceDelay": provenance.info("synthetic").delay_seconds}
    assert provenance.stamp(empty, None, tmp_path, configured_source="synthetic")[0] == empty
