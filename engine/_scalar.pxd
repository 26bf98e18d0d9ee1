# cython: language_level=3
"""Scalar Black–Scholes–Merton building blocks: ``cdef inline ... noexcept nogil``, no Python objects.

The implied-volatility solver works on the normalized, undiscounted, out-of-the-money call
``b(x, s) = exp(x/2) N(x/s + s/2) - exp(-x/2) N(x/s - s/2)`` with ``x = ln(F/K) <= 0`` and total
volatility ``s = vol * sqrt(t)`` (every option reduces to this by put–call parity and the symmetry
``put(x) = call(-x)``). ``b`` is increasing in ``s``, convex below ``s_c = sqrt(-2x)`` and concave above,
bounded by ``exp(x/2)``. Below ``s_c`` we solve ``ln b(s) = ln b*`` (nearly linear in ``1/s**2`` far
out), above it ``ln(exp(x/2) - b(s)) = ln(exp(x/2) - b*)`` (nearly linear in ``s**2``), each with Halley
steps from an asymptotic first guess, inside a bracket that falls back to bisection.
"""

from libc.math cimport erfc, exp, fabs, fma, isfinite, log, sqrt, NAN, INFINITY

cdef extern from "_bsm_simd.h" nogil:
    const int VL_BLOCK
    const double INV_SQRT_2PI "VL_INV_SQRT_2PI"
    const double SQRT1_2 "VL_SQRT1_2"
    const int IV_MAX_ITER "VL_IV_MAX_ITER"
    const double IV_STEP_TOL "VL_IV_STEP_TOL"
    int vl_libmvec()
    int vl_openmp()
    long long vl_bsm_block(long long n, const double *S, const double *K, const double *T,
                           const double *r, const double *q, const double *v, const unsigned char *call,
                           double *out, long long stride)
    void vl_iv_block(const double *P, const double *S, const double *K, const double *T,
                     const double *r, const double *q, const unsigned char *call, double *out)
    void vl_iv_tail(long long n, const double *P, const double *S, const double *K, const double *T,
                    const double *r, const double *q, const unsigned char *call, double *out)
    long long vl_bsm9_block(long long n, const double *S, const double *K, const double *T,
                            const double *r, const double *q, const double *v, const unsigned char *call,
                            double *out, long long stride)
    long long vl_bsm_tail(long long n, const double *S, const double *K, const double *T,
                          const double *r, const double *q, const double *v, const unsigned char *call,
                          double *out, long long stride, int n_out)



cdef inline double norm_cdf(double x) noexcept nogil:
    """Standard normal CDF, accurate in both tails (erfc has no cancellation)."""
    return 0.5 * erfc(-x * SQRT1_2)


cdef inline double normalized_vega(double x, double s) noexcept nogil:
    """d b(x, s) / d s = exp(-(x**2/s**2 + s**2/4) / 2) / sqrt(2 pi)."""
    return INV_SQRT_2PI * exp(-0.5 * (x * x / (s * s) + 0.25 * s * s))


cdef inline double normalized_branch(double x, double s, double h, double sign) noexcept nogil:
    """``b(x, s)`` for ``sign = +1``; ``exp(x/2) - b(x, s)`` for ``sign = -1`` (both without cancellation
    in their region). ``h = exp(x/2)``."""
    cdef double d1 = x / s + 0.5 * s
    cdef double d2 = d1 - s
    return h * norm_cdf(sign * d1) - sign * norm_cdf(d2) / h


cdef inline double solve_normalized(double x, double b) noexcept nogil:
    """Total volatility ``s`` with ``b(x, s) = b``; ``x <= 0``, ``0 < b < exp(x/2)``. NaN if the iteration
    does not settle (only for prices so deep in the tails that no digit of volatility is defined)."""
    cdef double h = exp(0.5 * x)
    cdef double sc = sqrt(-2.0 * x)
    cdef double bc = 0.0
    cdef double sign, target, s, lo, hi, val, g, gp, gpp, vega, step, corr, nxt, uc
    cdef int it
    if sc > 0.0:
        bc = normalized_branch(x, sc, h, 1.0)
    if b < bc:
        # Lower branch: ln b ~ -x**2 / (2 s**2) to leading order, anchored at (s_c, b_c).
        sign = 1.0
        target = b
        lo = 0.0
        hi = sc
        s = 1.0 / sqrt(1.0 / (sc * sc) + 2.0 * log(bc / b) / (x * x))
    else:
        # Upper branch: ln(exp(x/2) - b) ~ -s**2 / 8 to leading order.
        sign = -1.0
        target = h - b
        uc = h - bc
        lo = sc
        hi = INFINITY
        s = sqrt(sc * sc + 8.0 * log(uc / target))
    if not (s > lo and s < hi):
        s = 0.5 * (lo + hi) if hi < INFINITY else 2.0 * lo + 1.0
    for it in range(IV_MAX_ITER):
        val = normalized_branch(x, s, h, sign)
        if not (val > 0.0):
            # Underflow deep in the lower tail: the volatility is larger than s.
            lo = s
            s = 0.5 * (lo + hi)
            continue
        if sign * (val - target) > 0.0:
            hi = s
        else:
            lo = s
        vega = normalized_vega(x, s)
        g = log(val / target)
        gp = sign * vega / val
        gpp = sign * vega * (x * x / (s * s * s) - 0.25 * s) / val - gp * gp
        step = -g / gp
        corr = 1.0 - 0.5 * g * gpp / (gp * gp)
        if corr > 0.5 and corr < 2.0:
            step = step / corr  # Halley; otherwise plain Newton
        nxt = s + step
        if fabs(step) <= IV_STEP_TOL * s:
            return nxt  # before the bracket test: at the root itself s sits on the bracket's edge
        if not (nxt > lo and nxt < hi):
            nxt = 0.5 * (lo + hi) if hi < INFINITY else 2.0 * s
        s = nxt
        if hi < INFINITY and hi - lo <= IV_STEP_TOL * hi:
            return s
    return NAN


cdef inline double discounted_lo(double y, double e) noexcept nogil:
    """Low part of exp(y) given its rounded value ``e``: ``e + discounted_lo(y, e)`` is exp(y) to about
    |y| * 1e-16 relative instead of 1e-16 (log has no cancellation for the small |y| of discounting)."""
    return e * (y - log(e))


cdef inline double implied_vol_one(double price, double S, double K, double T, double r, double q,
                                   bint is_call) noexcept nogil:
    """Black–Scholes–Merton implied volatility of one option; NaN when none exists.

    Deep in the money the time value is a small difference of large numbers (spot 5000: one unit in the
    last place of the price is ~1e-12, i.e. 1e-10 of volatility at vega 0.01), so the discounted spot
    and strike and the intrinsic value are carried in double-double arithmetic."""
    cdef double dq, dq_lo, dr, dr_lo, a, a_lo, c, c_lo, d, d_lo, z, tv, x, b, s
    if not (isfinite(price) and isfinite(S) and isfinite(K) and isfinite(T) and isfinite(r)
            and isfinite(q)):
        return NAN
    if not (S > 0.0 and K > 0.0 and T > 0.0 and price > 0.0):
        return NAN
    dq = exp(-q * T)
    dq_lo = discounted_lo(-q * T, dq)
    dr = exp(-r * T)
    dr_lo = discounted_lo(-r * T, dr)
    a = S * dq                               # discounted forward, S exp(-qT), as a + a_lo
    a_lo = fma(S, dq, -a) + S * dq_lo
    c = K * dr                               # discounted strike, K exp(-rT), as c + c_lo
    c_lo = fma(K, dr, -c) + K * dr_lo
    if is_call:
        if not (price < a):
            return NAN
        d = a - c                            # two-sum: d + d_lo = (a + a_lo) - (c + c_lo)
        z = d - a
        d_lo = (a - (d - z)) - (c + z) + (a_lo - c_lo)
    else:
        if not (price < c):
            return NAN
        d = c - a
        z = d - c
        d_lo = (c - (d - z)) - (a + z) + (c_lo - a_lo)
    if d + d_lo > 0.0:                       # in the money: time value = price - intrinsic
        tv = price - d
        tv = tv - d_lo
    else:
        tv = price
    if not (tv > 0.0):
        return NAN
    x = -fabs(log(S / K) + (r - q) * T)      # ln(F/K) of the out-of-the-money twin, <= 0
    b = tv / sqrt(a * c)
    if not (b < exp(0.5 * x)):
        return NAN
    s = solve_normalized(x, b)
    return s / sqrt(T)
