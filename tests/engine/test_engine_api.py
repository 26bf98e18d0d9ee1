"""The public API: broadcasting, no-copy inputs, out=, threads, edge cases and errors."""

from __future__ import annotations

import math

import numpy as np
import pytest

import engine
from engine import _bsm
from engine_testlib import realistic_options

INPUTS = ("spot", "strike", "t", "rate", "div_yield", "vol", "is_call")


def _call(o, **kw):
    return engine.greeks(*(o[k] for k in INPUTS), **kw)


def test_result_attributes_are_float64_arrays_of_the_broadcast_shape():
    r = engine.greeks(5000.0, np.array([[4900.0], [5100.0]]), np.array([0.1, 0.5, 1.0]), 0.04, 0.01,
                      0.2, True)
    for name in engine.GREEK_NAMES:
        a = getattr(r, name)
        assert isinstance(a, np.ndarray) and a.dtype == np.float64 and a.shape == (2, 3)
    assert r.n_invalid == 0
    assert r.price[0, 0] == pytest.approx(engine.greeks(5000.0, 4900.0, 0.1, 0.04, 0.01, 0.2, True).price)


def test_scalars_give_zero_dimensional_arrays():
    r = engine.greeks(5000.0, 5000.0, 0.5, 0.03, 0.0, 0.2, 1)
    assert r.price.shape == () and float(r.price) > 0


def test_mismatched_shapes_raise_value_error():
    with pytest.raises(ValueError, match="do not broadcast"):
        engine.greeks(np.ones(3) * 100, np.ones(4) * 100, 1.0, 0.0, 0.0, 0.2, True)
    with pytest.raises(ValueError, match="do not broadcast"):
        engine.implied_vol(np.ones(3), 100.0, np.ones(2) * 100, 1.0, 0.0, 0.0, True)


def test_is_call_accepts_bool_and_zero_one_only():
    a = engine.greeks(100.0, 100.0, 1.0, 0.0, 0.0, 0.2, np.array([1, 0]))
    b = engine.greeks(100.0, 100.0, 1.0, 0.0, 0.0, 0.2, np.array([True, False]))
    np.testing.assert_array_equal(a.values, b.values)
    with pytest.raises(ValueError, match="is_call"):
        engine.greeks(100.0, 100.0, 1.0, 0.0, 0.0, 0.2, np.array([2, 0]))


def test_contiguous_float64_inputs_are_used_without_copy(monkeypatch):
    o = realistic_options(1000)
    seen = {}

    def spy(*args):
        for name, a in zip(INPUTS, args[:7]):
            seen[name] = a
        return real(*args)

    real = _bsm.greeks_into
    monkeypatch.setattr(_bsm, "greeks_into", spy)
    _call(o)
    for name in INPUTS:
        assert np.shares_memory(seen[name], o[name]), name


def test_read_only_inputs_work():
    o = realistic_options(777)
    want = _call(o).values
    for a in o.values():
        a.flags.writeable = False
    np.testing.assert_array_equal(_call(o).values, want)


def test_out_is_filled_in_place_and_returned():
    o = realistic_options(1000)
    want = _call(o)
    block = np.full((13, 1000), -1.0)
    r = _call(o, out=block)
    assert r.values is block
    np.testing.assert_array_equal(block, want.values)
    r2 = _call(o, out=r)
    assert r2.values is block
    with pytest.raises(ValueError, match="shape"):
        _call(o, out=np.empty((13, 999)))
    with pytest.raises(ValueError):
        _call(o, out=np.empty((13, 1000), dtype=np.float32))


@pytest.mark.parametrize("n", [1, 127, 128, 129, 1000, 4099])
def test_one_and_two_threads_give_identical_results(n):
    o = realistic_options(n, seed=n)
    a = _call(o, n_threads=1)
    b = _call(o, n_threads=2)
    np.testing.assert_array_equal(a.values, b.values)
    ia = engine.implied_vol(a.price, *(o[k] for k in INPUTS[:5]), o["is_call"], n_threads=1)
    ib = engine.implied_vol(a.price, *(o[k] for k in INPUTS[:5]), o["is_call"], n_threads=2)
    np.testing.assert_array_equal(ia, ib)


def test_results_do_not_depend_on_position_in_the_array():
    # Every row runs through the same vector code whatever the block it falls in.
    o = realistic_options(1000, seed=9)
    full = _call(o).values
    shifted = engine.greeks(*(o[k][37:] for k in INPUTS)).values
    np.testing.assert_array_equal(full[:, 37:], shifted)


def test_n_threads_must_be_positive():
    with pytest.raises(ValueError, match="n_threads"):
        engine.greeks(100.0, 100.0, 1.0, 0.0, 0.0, 0.2, True, n_threads=0)


def test_invalid_rows_are_nan_in_that_row_only_and_counted():
    o = realistic_options(10, seed=1)
    o["vol"][1] = 0.0
    o["vol"][2] = -0.2
    o["spot"][3] = 0.0
    o["strike"][4] = -5.0
    o["rate"][5] = math.nan
    o["t"][6] = math.inf
    o["div_yield"][7] = -math.inf
    r = _call(o)
    assert r.n_invalid == 7
    bad = np.zeros(10, bool)
    bad[1:8] = True
    assert np.isnan(r.values[:, bad]).all()
    assert np.isfinite(r.values[:, ~bad]).all()


def test_expiry_gives_intrinsic_and_limit_greeks():
    spot = 5000.0
    strikes = np.array([4000.0, 5000.0, 6000.0, 4000.0, 5000.0, 6000.0])
    calls = np.array([True, True, True, False, False, False])
    for t in (0.0, -1.0, 1e-13):
        r = engine.greeks(spot, strikes, t, 0.05, 0.02, 0.3, calls)
        assert r.n_invalid == 0
        np.testing.assert_array_equal(r.price, [1000.0, 0.0, 0.0, 0.0, 0.0, 1000.0])
        np.testing.assert_array_equal(r.delta, [1.0, 0.5, 0.0, 0.0, -0.5, -1.0])
        for name in engine.GREEK_NAMES[2:]:
            np.testing.assert_array_equal(getattr(r, name), 0.0)


def test_short_dated_options_stay_finite_and_approach_expiry():
    t = np.array([1e-9, 1e-7, 1e-5, 1.0 / (365 * 24 * 60)])
    r = engine.greeks(5000.0, 5000.0 * np.array([0.99, 1.0, 1.01, 1.0]), t, 0.05, 0.01, 0.2, True)
    assert np.isfinite(r.values).all()
    assert r.price[0] == pytest.approx(50.0, rel=1e-6)
    assert r.delta[0] == pytest.approx(1.0)


def test_empty_input():
    r = engine.greeks(np.empty(0), 1.0, 1.0, 0.0, 0.0, 0.2, True)
    assert r.price.shape == (0,) and r.n_invalid == 0


def test_greek_result_as_dict_and_repr():
    r = engine.greeks([100.0, 110.0], 100.0, 1.0, 0.0, 0.0, 0.2, True)
    d = r.as_dict()
    assert list(d) == list(engine.GREEK_NAMES)
    assert np.shares_memory(d["vega"], r.values)
    assert "n_invalid=0" in repr(r)
    with pytest.raises(AttributeError):
        r.not_a_greek  # noqa: B018


@pytest.mark.parametrize("n", [5, 128, 1000])
def test_higher_order_false_computes_the_first_nine_identically(n):
    o = realistic_options(n, seed=n + 1)
    o["vol"][0] = math.nan
    o["t"][1] = 0.0
    full = _call(o)
    short = _call(o, higher_order=False)
    assert short.values.shape == (9, n) and short.names == engine.FIRST_ORDER_NAMES
    np.testing.assert_array_equal(short.values, full.values[:9])
    assert short.n_invalid == full.n_invalid == 1
    with pytest.raises(AttributeError, match="not computed"):
        short.veta  # noqa: B018
    block = np.empty((9, n))
    assert _call(o, out=block, higher_order=False).values is block
    with pytest.raises(ValueError, match="shape"):
        _call(o, out=block)
