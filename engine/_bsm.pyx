# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Loops of the greek engine over contiguous float64 columns (``# IN``) into preallocated outputs
(``# OUT``). Validation, broadcasting and allocation happen in ``engine.api``; here nothing touches a
Python object inside a loop.

Rows are processed in blocks of ``VL_BLOCK``; with OpenMP the blocks are shared among ``n_threads``
threads (``prange``), otherwise the same loop runs serially. Each row's arithmetic is identical
whatever the thread count, so results are bit-for-bit reproducible.
"""

from cython.parallel cimport prange

from engine._scalar cimport (VL_BLOCK, implied_vol_one, vl_bsm9_block, vl_bsm_block, vl_bsm_tail,
                             vl_iv_block, vl_iv_tail, vl_libmvec, vl_openmp)

# Without OpenMP, Cython compiles prange as a plain serial loop: the same code serves both builds.
OPENMP = bool(vl_openmp())
BLOCK = VL_BLOCK


def simd_math() -> bool:
    """True when the hot loops call glibc's vector math library (libmvec)."""
    return bool(vl_libmvec())


def greeks_into(
    const double[::1] spot,         # IN
    const double[::1] strike,       # IN
    const double[::1] t,            # IN
    const double[::1] rate,         # IN
    const double[::1] div_yield,    # IN
    const double[::1] vol,          # IN
    const unsigned char[::1] is_call,  # IN
    double[:, ::1] out,             # OUT (13, n), or (9, n) for price to vomma only
    int n_threads=1,
) -> int:
    cdef Py_ssize_t n = spot.shape[0]
    cdef Py_ssize_t n_full = n // VL_BLOCK
    cdef Py_ssize_t tail = n - n_full * VL_BLOCK
    cdef Py_ssize_t b, i0
    cdef long long n_invalid = 0
    cdef long long stride = out.shape[1]
    cdef int n_out = <int>out.shape[0]
    if (strike.shape[0] != n or t.shape[0] != n or rate.shape[0] != n or div_yield.shape[0] != n
            or vol.shape[0] != n or is_call.shape[0] != n or out.shape[1] != n):
        raise ValueError("greeks_into: columns and output must have matching lengths")
    if n_out != 13 and n_out != 9:
        raise ValueError("greeks_into: the output must have 13 rows (or 9 without higher orders)")
    if n == 0:
        return 0
    if n_out == 13:
        for b in prange(n_full, nogil=True, num_threads=n_threads, schedule="static"):
            n_invalid += vl_bsm_block(VL_BLOCK, &spot[b * VL_BLOCK], &strike[b * VL_BLOCK],
                                      &t[b * VL_BLOCK], &rate[b * VL_BLOCK], &div_yield[b * VL_BLOCK],
                                      &vol[b * VL_BLOCK], &is_call[b * VL_BLOCK], &out[0, b * VL_BLOCK],
                                      stride)
    else:
        for b in prange(n_full, nogil=True, num_threads=n_threads, schedule="static"):
            n_invalid += vl_bsm9_block(VL_BLOCK, &spot[b * VL_BLOCK], &strike[b * VL_BLOCK],
                                       &t[b * VL_BLOCK], &rate[b * VL_BLOCK], &div_yield[b * VL_BLOCK],
                                       &vol[b * VL_BLOCK], &is_call[b * VL_BLOCK], &out[0, b * VL_BLOCK],
                                       stride)
    if tail:
        i0 = n_full * VL_BLOCK
        with nogil:
            n_invalid += vl_bsm_tail(tail, &spot[i0], &strike[i0], &t[i0], &rate[i0], &div_yield[i0],
                                     &vol[i0], &is_call[i0], &out[0, i0], stride, n_out)
    return n_invalid


def implied_vol_into(
    const double[::1] price,        # IN
    const double[::1] spot,         # IN
    const double[::1] strike,       # IN
    const double[::1] t,            # IN
    const double[::1] rate,         # IN
    const double[::1] div_yield,    # IN
    const unsigned char[::1] is_call,  # IN
    double[::1] out,                # OUT
    int n_threads=1,
) -> None:
    """Implied volatility, vectorized block kernel (``vl_iv_block`` in _bsm_simd.h)."""
    cdef Py_ssize_t n = price.shape[0]
    cdef Py_ssize_t n_full = n // VL_BLOCK
    cdef Py_ssize_t tail = n - n_full * VL_BLOCK
    cdef Py_ssize_t b, i0
    _check_lengths(n, spot, strike, t, rate, div_yield, is_call, out)
    if n == 0:
        return
    # Blocks converge in different numbers of iterations: dynamic scheduling balances the threads.
    for b in prange(n_full, nogil=True, num_threads=n_threads, schedule="dynamic", chunksize=4):
        vl_iv_block(&price[b * VL_BLOCK], &spot[b * VL_BLOCK], &strike[b * VL_BLOCK], &t[b * VL_BLOCK],
                    &rate[b * VL_BLOCK], &div_yield[b * VL_BLOCK], &is_call[b * VL_BLOCK],
                    &out[b * VL_BLOCK])
    if tail:
        i0 = n_full * VL_BLOCK
        with nogil:
            vl_iv_tail(tail, &price[i0], &spot[i0], &strike[i0], &t[i0], &rate[i0], &div_yield[i0],
                       &is_call[i0], &out[i0])


def implied_vol_scalar_into(
    const double[::1] price,        # IN
    const double[::1] spot,         # IN
    const double[::1] strike,       # IN
    const double[::1] t,            # IN
    const double[::1] rate,         # IN
    const double[::1] div_yield,    # IN
    const unsigned char[::1] is_call,  # IN
    double[::1] out,                # OUT
    int n_threads=1,
) -> None:
    """Implied volatility, one option at a time (``implied_vol_one`` in _scalar.pxd): the same method
    written as plain scalar code with early exits. Kept as an independent cross-check of the block
    kernel (the two must agree to rounding) and as the readable statement of the algorithm."""
    cdef Py_ssize_t n = price.shape[0]
    cdef Py_ssize_t i
    _check_lengths(n, spot, strike, t, rate, div_yield, is_call, out)
    for i in prange(n, nogil=True, num_threads=n_threads, schedule="guided"):
        out[i] = implied_vol_one(price[i], spot[i], strike[i], t[i], rate[i], div_yield[i],
                                 is_call[i] != 0)


cdef _check_lengths(Py_ssize_t n, const double[::1] spot, const double[::1] strike, const double[::1] t,
                    const double[::1] rate, const double[::1] div_yield, const unsigned char[::1] is_call,
                    double[::1] out):
    if (spot.shape[0] != n or strike.shape[0] != n or t.shape[0] != n or rate.shape[0] != n
            or div_yield.shape[0] != n or is_call.shape[0] != n or out.shape[0] != n):
        raise ValueError("implied_vol_into: columns and output must have matching lengths")
