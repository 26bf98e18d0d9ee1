/* Black–Scholes–Merton price, greeks and implied volatility over blocks of rows, written so that GCC
 * vectorizes them.
 *
 * Why a C header: the hot loops need exp, log and erfc on every row, vectorized through glibc's vector
 * math library (libmvec). GCC only calls vector variants of functions declared SIMD-capable, and glibc
 * declares them so only under -ffast-math, which we refuse (it would break NaN handling and the
 * reference accuracy). So the three functions are declared here once more under private names bound to
 * the same symbols (asm labels) with the `simd` attribute; GCC then emits _ZGV*_exp and friends.
 * `target_clones` builds an AVX2 copy (4 doubles per call) beside the baseline x86-64 one (2 per call)
 * and picks one at load time. Elsewhere (other compilers, other libcs, VOLLAND_NO_LIBMVEC) the same
 * code calls the scalar libm functions: same formulas, same accuracy, slower.
 *
 * Every row goes through the same vector code whatever the block boundaries (callers pass whole
 * blocks of VL_BLOCK rows, padding the last one), so results do not depend on the number of threads.
 */
#ifndef VOLLAND_BSM_SIMD_H
#define VOLLAND_BSM_SIMD_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#define VL_BLOCK 128
#define VL_N_OUT 13

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__GLIBC__) \
    && !defined(VOLLAND_NO_LIBMVEC) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 35))
#define VL_LIBMVEC 1
double vl_exp(double) __asm__("exp") __attribute__((simd("notinbranch"), const, nothrow, leaf));
double vl_log(double) __asm__("log") __attribute__((simd("notinbranch"), const, nothrow, leaf));
double vl_erfc(double) __asm__("erfc") __attribute__((simd("notinbranch"), const, nothrow, leaf));
#define VL_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define VL_LIBMVEC 0
#define vl_exp exp
#define vl_log log
#define vl_erfc erfc
#define VL_CLONES
#endif


#if defined(_OPENMP) || defined(__GNUC__)
#define VL_PRAGMA_SIMD _Pragma("omp simd reduction(+:n_invalid)")
#else
#define VL_PRAGMA_SIMD
#endif

#define VL_INV_SQRT_2PI 0.39894228040143267794
#define VL_SQRT1_2 0.70710678118654752440
/* Below this many years an option counts as expired: the closed forms would divide zeros by zeros. */
#define VL_T_MIN 1e-12

static inline int vl_libmvec(void) { return VL_LIBMVEC; }

static inline int vl_openmp(void)
{
#ifdef _OPENMP
    return 1;
#else
    return 0;
#endif
}

/* Constants of the scalar layer (engine/_scalar.pxd), kept here so Cython sees them as C constants. */
#define VL_IV_MAX_ITER 60
#define VL_IV_STEP_TOL 1e-13

#if defined(__GNUC__)
#define VL_INLINE static inline __attribute__((always_inline))
#else
#define VL_INLINE static inline
#endif

/* `n_out` is 13 (all greeks) or 9 (price to vomma: speed, zomma, color and veta neither computed
 * nor stored). It is a constant in each caller below, so each gets its own specialized loop. */
VL_INLINE int64_t vl_bsm_block_impl(const double *restrict S_, const double *restrict K_,
                                    const double *restrict T_, const double *restrict r_,
                                    const double *restrict q_, const double *restrict v_,
                                    const uint8_t *restrict call_, double *restrict out, int64_t stride,
                                    const int n_out)
{
    /* The block is processed in passes over small arrays that stay in L1: arithmetic passes, and
     * passes that only call the vector math functions. A vector call clobbers every vector register,
     * so keeping the arithmetic out of the calling loops avoids spilling a dozen live values around
     * each call. Everything is a double (masks are 0.0/1.0) so GCC keeps one vector length. */
    double phi[VL_BLOCK], w[VL_BLOCK], bad[VL_BLOCK], s[VL_BLOCK], k[VL_BLOCK], sig[VL_BLOCK];
    double t[VL_BLOCK], rr[VL_BLOCK], qq[VL_BLOCK], sqt[VL_BLOCK], sv[VL_BLOCK];
    double a_log[VL_BLOCK], a_q[VL_BLOCK], a_r[VL_BLOCK], a_pdf[VL_BLOCK], a_n1[VL_BLOCK], a_n2[VL_BLOCK];
    double f_q[VL_BLOCK], f_r[VL_BLOCK], f_pdf[VL_BLOCK], f_n1[VL_BLOCK], f_n2[VL_BLOCK];
    double n_invalid = 0.0;

    VL_PRAGMA_SIMD
    for (int64_t i = 0; i < VL_BLOCK; i++) {
        const double S = S_[i], K = K_[i], T = T_[i], r = r_[i], q = q_[i], v = v_[i];
        /* Validity with one comparison: x - x is 0 for a finite x and NaN for NaN or +-inf, so z is 0
         * or NaN; m is the smallest of spot, strike and vol. (Chains of boolean masks made GCC build
         * narrow integer masks and widen them, which cost more than all the greeks' arithmetic.) */
        const double z = (S - S) + (K - K) + (T - T) + (r - r) + (q - q) + (v - v);
        const double m1 = S < K ? S : K;
        const double m = m1 < v ? m1 : v;
        const double valid = m + z > 0.0 ? 1.0 : 0.0;
        const double live = T > VL_T_MIN ? valid : 0.0; /* rows priced by the formulas */
        n_invalid += 1.0 - valid;
        w[i] = live;
        bad[i] = valid > 0.0 ? 0.0 : NAN;
        /* Harmless stand-ins on rows whose formulas are not used, so no lane computes NaN or inf. */
        const double si = valid > 0.0 ? S : 1.0, ki = valid > 0.0 ? K : 1.0, vi = valid > 0.0 ? v : 1.0;
        const double ti = live > 0.0 ? T : 1.0, ri = valid > 0.0 ? r : 0.0, qi = valid > 0.0 ? q : 0.0;
        s[i] = si; k[i] = ki; sig[i] = vi; t[i] = ti; rr[i] = ri; qq[i] = qi;
        const double sq = sqrt(ti);
        sqt[i] = sq;
        sv[i] = vi * sq;
        a_log[i] = si / ki;
        a_q[i] = -qi * ti;
        a_r[i] = -ri * ti;
    }
    for (int64_t i = 0; i < VL_BLOCK; i++) phi[i] = call_[i] ? 1.0 : -1.0;
#pragma omp simd
    for (int64_t i = 0; i < VL_BLOCK; i++) a_log[i] = vl_log(a_log[i]);
#pragma omp simd
    for (int64_t i = 0; i < VL_BLOCK; i++) {
        const double d1 = (a_log[i] + (rr[i] - qq[i] + 0.5 * sig[i] * sig[i]) * t[i]) / sv[i];
        const double d2 = d1 - sv[i];
        a_log[i] = d1;  /* from here on: d1 */
        a_pdf[i] = -0.5 * d1 * d1;
        a_n1[i] = -phi[i] * d1 * VL_SQRT1_2;
        a_n2[i] = -phi[i] * d2 * VL_SQRT1_2;
    }
#pragma omp simd
    for (int64_t i = 0; i < VL_BLOCK; i++) {
        f_q[i] = vl_exp(a_q[i]);
        f_r[i] = vl_exp(a_r[i]);
        f_pdf[i] = vl_exp(a_pdf[i]);
        f_n1[i] = vl_erfc(a_n1[i]);
        f_n2[i] = vl_erfc(a_n2[i]);
    }

    double *restrict o_price = out, *restrict o_delta = out + stride, *restrict o_gamma = out + 2 * stride;
    double *restrict o_vega = out + 3 * stride, *restrict o_theta = out + 4 * stride;
    double *restrict o_rho = out + 5 * stride, *restrict o_vanna = out + 6 * stride;
    double *restrict o_charm = out + 7 * stride, *restrict o_vomma = out + 8 * stride;
    /* With n_out == 9 the last four rows are never touched (they point at row 0 only to stay valid). */
    const int64_t hi_rows = n_out == VL_N_OUT;
    double *restrict o_speed = out + hi_rows * 9 * stride, *restrict o_zomma = out + hi_rows * 10 * stride;
    double *restrict o_color = out + hi_rows * 11 * stride, *restrict o_veta = out + hi_rows * 12 * stride;
#pragma omp simd
    for (int64_t i = 0; i < VL_BLOCK; i++) {
        const double ph = phi[i], si = s[i], ki = k[i], vi = sig[i], ti = t[i], ri = rr[i], qi = qq[i];
        const double d1 = a_log[i], svi = sv[i], sq = sqt[i], d2 = d1 - svi;
        const double dq = f_q[i], dr = f_r[i], pdf = VL_INV_SQRT_2PI * f_pdf[i];
        const double n1 = 0.5 * f_n1[i], n2 = 0.5 * f_n2[i]; /* N(phi d1), N(phi d2) */
        /* One division; 1/sigma, 1/sqrt(t) and 1/t follow from 1/(sigma sqrt(t)). */
        const double inv_sv = 1.0 / svi;
        const double inv_sig = sq * inv_sv, inv_sqt = vi * inv_sv, inv_t = inv_sqt * inv_sqt;
        const double inv_s = 1.0 / si;
        const double sdq = si * dq, kdr = ki * dr, dqpdf = dq * pdf;

        const double price = ph * (sdq * n1 - kdr * n2);
        const double delta = ph * dq * n1;
        const double gamma = dqpdf * inv_s * inv_sv;
        const double vega = sdq * pdf * sq;
        const double theta = -0.5 * sdq * pdf * vi * inv_sqt - ph * ri * kdr * n2 + ph * qi * sdq * n1;
        const double rho = ph * ki * ti * dr * n2;
        const double vanna = -dqpdf * d2 * inv_sig;
        const double drift = 2.0 * (ri - qi) * ti - d2 * svi; /* shared by charm and color */
        const double charm = ph * qi * dq * n1 - 0.5 * dqpdf * drift * inv_t * inv_sv;
        const double vomma = vega * d1 * d2 * inv_sig;
        const double speed = -gamma * inv_s * (d1 * inv_sv + 1.0);
        const double zomma = gamma * (d1 * d2 - 1.0) * inv_sig;
        const double color = 0.5 * dqpdf * inv_s * inv_t * inv_sv
                             * (2.0 * qi * ti + 1.0 + drift * d1 * inv_sv);
        const double veta = vega * (qi + (ri - qi) * d1 * inv_sv - 0.5 * (1.0 + d1 * d2) * inv_t);

        /* At expiry: intrinsic value and its slope (half way exactly at the strike), nothing else.
         * Arithmetic blends (w is 0.0 or 1.0) rather than branches; `b` is NaN on invalid rows. */
        const double S = S_[i], K = K_[i];
        const double moneyness = ph * (S - K);
        const double x_price = moneyness > 0.0 ? moneyness : 0.0;
        const double x_delta = S == K ? 0.5 * ph : (moneyness > 0.0 ? ph : 0.0);
        const double wi = w[i], b = bad[i];
        o_price[i] = wi * price + (1.0 - wi) * x_price + b;
        o_delta[i] = wi * delta + (1.0 - wi) * x_delta + b;
        o_gamma[i] = wi * gamma + b;
        o_vega[i] = wi * vega + b;
        o_theta[i] = wi * theta + b;
        o_rho[i] = wi * rho + b;
        o_vanna[i] = wi * vanna + b;
        o_charm[i] = wi * charm + b;
        o_vomma[i] = wi * vomma + b;
        if (n_out == VL_N_OUT) {
            o_speed[i] = wi * speed + b;
            o_zomma[i] = wi * zomma + b;
            o_color[i] = wi * color + b;
            o_veta[i] = wi * veta + b;
        }
    }
    return (int64_t)n_invalid;
}

/* Price and greeks of VL_BLOCK rows (`n` must equal VL_BLOCK; callers pad the last block). `out` holds
 * `n_out` (13 or 9) rows of `stride` doubles each, in the order price, delta, gamma, vega, theta, rho,
 * vanna, charm, vomma, speed, zomma, color, veta. Returns the number of invalid rows. */
VL_CLONES
static int64_t vl_bsm_block(int64_t n, const double *restrict S_, const double *restrict K_,
                            const double *restrict T_, const double *restrict r_,
                            const double *restrict q_, const double *restrict v_,
                            const uint8_t *restrict call_, double *restrict out, int64_t stride)
{
    (void)n;
    return vl_bsm_block_impl(S_, K_, T_, r_, q_, v_, call_, out, stride, VL_N_OUT);
}

VL_CLONES
static int64_t vl_bsm9_block(int64_t n, const double *restrict S_, const double *restrict K_,
                             const double *restrict T_, const double *restrict r_,
                             const double *restrict q_, const double *restrict v_,
                             const uint8_t *restrict call_, double *restrict out, int64_t stride)
{
    (void)n;
    return vl_bsm_block_impl(S_, K_, T_, r_, q_, v_, call_, out, stride, 9);
}

/* One block of fewer than VL_BLOCK rows (the tail of an array): copied into padded scratch so that it
 * runs through exactly the same vector code as full blocks. */
static int64_t vl_bsm_tail(int64_t n, const double *S, const double *K, const double *T,
                           const double *r, const double *q, const double *v, const uint8_t *call,
                           double *out, int64_t stride, int n_out)
{
    double in[6][VL_BLOCK];
    uint8_t c[VL_BLOCK];
    double res[VL_N_OUT * VL_BLOCK];
    const double *src[6] = {S, K, T, r, q, v};
    for (int j = 0; j < 6; j++) {
        memcpy(in[j], src[j], (size_t)n * sizeof(double));
        for (int64_t i = n; i < VL_BLOCK; i++) in[j][i] = 1.0;
    }
    memcpy(c, call, (size_t)n);
    memset(c + n, 1, (size_t)(VL_BLOCK - n));
    /* The padding rows are valid, so the count covers the real rows only. */
    const int64_t n_invalid = n_out == VL_N_OUT
        ? vl_bsm_block(VL_BLOCK, in[0], in[1], in[2], in[3], in[4], in[5], c, res, VL_BLOCK)
        : vl_bsm9_block(VL_BLOCK, in[0], in[1], in[2], in[3], in[4], in[5], c, res, VL_BLOCK);
    for (int j = 0; j < n_out; j++) memcpy(out + j * stride, res + j * VL_BLOCK, (size_t)n * sizeof(double));
    return n_invalid;
}


/* ------------------------------------------------------------------------------------------------
 * Implied volatility over a block, vectorized the same way (arithmetic passes and call-only passes).
 * Method (documented in docs/methodology.md §1): reduce to the normalized out-of-the-money call
 * b(x, s) = e^{x/2} N(x/s + s/2) - e^{-x/2} N(x/s - s/2), x = ln(F/K) <= 0, s = vol sqrt(t); below the
 * inflection s_c = sqrt(-2x) solve ln b(s) = ln b*, above it ln(e^{x/2} - b(s)) = ln(e^{x/2} - b*), by
 * Halley steps from an asymptotic first guess inside a bracket that falls back to bisection. Lanes
 * iterate together until every lane of the block has converged. */

/* Dekker's exact product: hi + lo = a * b (needs no FMA; -ffp-contract=off keeps it exact). */
static inline double vl_two_prod_lo(double a, double b, double p)
{
    const double split = 134217729.0; /* 2^27 + 1 */
    const double ca = split * a, cb = split * b;
    const double ah = ca - (ca - a), al = a - ah;
    const double bh = cb - (cb - b), bl = b - bh;
    return ((ah * bh - p) + ah * bl + al * bh) + al * bl;
}

VL_CLONES
static void vl_iv_block(const double *restrict P_, const double *restrict S_, const double *restrict K_,
                        const double *restrict T_, const double *restrict r_, const double *restrict q_,
                        const uint8_t *restrict call_, double *restrict out)
{
    double ok[VL_BLOCK], x[VL_BLOCK], h[VL_BLOCK], b[VL_BLOCK], sc[VL_BLOCK], sign[VL_BLOCK];
    double target[VL_BLOCK], lo[VL_BLOCK], hi[VL_BLOCK], s[VL_BLOCK], done[VL_BLOCK], tt[VL_BLOCK];
    double u1[VL_BLOCK], u2[VL_BLOCK], u3[VL_BLOCK], u4[VL_BLOCK];
    double f1[VL_BLOCK], f2[VL_BLOCK], f3[VL_BLOCK], f4[VL_BLOCK], f5[VL_BLOCK];

    /* A: validity, stand-ins, arguments of the discount factors. */
#pragma omp simd
    for (int64_t i = 0; i < VL_BLOCK; i++) {
        const double P = P_[i], S = S_[i], K = K_[i], T = T_[i], r = r_[i], q = q_[i];
        /* Validity with one comparison, as in vl_bsm_block. */
        const double z = (P - P) + (S - S) + (K - K) + (T - T) + (r - r) + (q - q);
        const double m1 = S < K ? S : K, m2 = T < P ? T : P;
        const double m = m1 < m2 ? m1 : m2;
        const double v = m + z > 0.0 ? 1.0 : 0.0;
        ok[i] = v;
        const double ti = v > 0.0 ? T : 1.0, ri = v > 0.0 ? r : 0.0, qi = v > 0.0 ? q : 0.0;
        tt[i] = ti;
        u1[i] = -qi * ti;
        u2[i] = -ri * ti;
        u3[i] = v > 0.0 ? S / K : 1.0;
    }
#pragma omp simd
    for (int64_t i = 0; i < VL_BLOCK; i++) {
        f1[i] = vl_exp(u1[i]);
        f2[i] = vl_exp(u2[i]);
        f3[i] = vl_log(u3[i]);
    }
#pragma omp simd
    for (int64_t i = 0; i < VL_BLOCK; i++) {
        f4[i] = vl_log(f1[i]);
        f5[i] = vl_log(f2[i]);
    }
    /* B: deep in the money the time value is a small difference of large numbers, so the discounted
     * spot and strike and the intrinsic value are carried in double-double arithmetic. */
#pragma omp simd
    for (int64_t i = 0; i < VL_BLOCK; i++) {
        const double v = ok[i];
        const double S = v > 0.0 ? S_[i] : 1.0, K = v > 0.0 ? K_[i] : 1.0, P = v > 0.0 ? P_[i] : 0.2;
        const double phi = call_[i] ? 1.0 : -1.0;
        const double dq = f1[i], dr = f2[i];
        const double dq_lo = dq * (u1[i] - f4[i]), dr_lo = dr * (u2[i] - f5[i]);
        const double a = S * dq, a_lo = vl_two_prod_lo(S, dq, a) + S * dq_lo;
        const double c = K * dr, c_lo = vl_two_prod_lo(K, dr, c) + K * dr_lo;
        /* d + d_lo = phi * ((a + a_lo) - (c + c_lo)) by two-sum */
        const double pa = phi * a, pc = phi * c;
        const double d = pa - pc, z = d - pa;
        const double d_lo = (pa - (d - z)) - (pc + z) + phi * (a_lo - c_lo);
        const double upper = phi > 0.0 ? a : c;
        const double itm = d + d_lo > 0.0 ? 1.0 : 0.0;
        const double tv = itm > 0.0 ? (P - d) - d_lo : P;
        const double inside = (P < upper ? 1.0 : 0.0) * (tv > 0.0 ? 1.0 : 0.0);
        const double okv = v * inside;
        ok[i] = okv;
        const double xi = -fabs(f3[i] + (u1[i] - u2[i]));   /* ln(F/K) = ln(S/K) + (r - q) t */
        x[i] = okv > 0.0 ? xi : -1.0;
        b[i] = okv > 0.0 ? tv / sqrt(a * c) : 0.1;
        u1[i] = 0.5 * x[i];
    }
#pragma omp simd
    for (int64_t i = 0; i < VL_BLOCK; i++) h[i] = vl_exp(u1[i]);
    /* C: the inflection point s_c and the price there, b_c. */
#pragma omp simd
    for (int64_t i = 0; i < VL_BLOCK; i++) {
        const double xi = x[i], hi_ = h[i];
        ok[i] = ok[i] * (b[i] < hi_ ? 1.0 : 0.0);
        const double sci = sqrt(-2.0 * xi);
        const double se = sci > 0.0 ? sci : 1.0;
        sc[i] = sci;
        const double d1 = xi / se + 0.5 * se;
        u1[i] = -d1 * VL_SQRT1_2;
        u2[i] = -(d1 - se) * VL_SQRT1_2;
    }
#pragma omp simd
    for (int64_t i = 0; i < VL_BLOCK; i++) {
        f1[i] = vl_erfc(u1[i]);
        f2[i] = vl_erfc(u2[i]);
    }
    /* D: branch, bracket and the argument of the first guess. */
#pragma omp simd
    for (int64_t i = 0; i < VL_BLOCK; i++) {
        const double hh = h[i], bi = b[i], sci = sc[i];
        const double bc = sci > 0.0 ? 0.5 * (hh * f1[i] - f2[i] / hh) : 0.0;
        const double lower = bi < bc ? 1.0 : 0.0;
        sign[i] = lower > 0.0 ? 1.0 : -1.0;
        target[i] = lower > 0.0 ? bi : hh - bi;
        lo[i] = lower > 0.0 ? 0.0 : sci;
        hi[i] = lower > 0.0 ? sci : INFINITY;
        u1[i] = lower > 0.0 ? bc / bi : (hh - bc) / (hh - bi);
    }
#pragma omp simd
    for (int64_t i = 0; i < VL_BLOCK; i++) f1[i] = vl_log(u1[i]);
#pragma omp simd
    for (int64_t i = 0; i < VL_BLOCK; i++) {
        const double xi = x[i], sci = sc[i], L = f1[i];
        const double se = sci > 0.0 ? sci : 1.0;
        /* ln b ~ -x^2/(2 s^2) below s_c; ln(e^{x/2} - b) ~ -s^2/8 above it (leading order). */
        const double guess_lo = 1.0 / sqrt(1.0 / (se * se) + 2.0 * L / (xi * xi));
        const double guess_hi = sqrt(sci * sci + 8.0 * L);
        const double g = sign[i] > 0.0 ? guess_lo : guess_hi;
        const double l = lo[i], u = hi[i];
        const double inside = (g > l ? 1.0 : 0.0) * (g < u ? 1.0 : 0.0);
        const double fallback = u < INFINITY ? 0.5 * (l + u) : 2.0 * l + 1.0;
        s[i] = inside > 0.0 ? g : fallback;
        done[i] = ok[i] > 0.0 ? 0.0 : 1.0;
    }

    for (int it = 0; it < VL_IV_MAX_ITER; it++) {
#pragma omp simd
        for (int64_t i = 0; i < VL_BLOCK; i++) {
            const double si = s[i], xi = x[i];
            const double d1 = xi / si + 0.5 * si;
            u1[i] = -sign[i] * d1 * VL_SQRT1_2;
            u2[i] = -(d1 - si) * VL_SQRT1_2;
            u3[i] = -0.5 * (xi * xi / (si * si) + 0.25 * si * si);
        }
#pragma omp simd
        for (int64_t i = 0; i < VL_BLOCK; i++) {
            f1[i] = vl_erfc(u1[i]);
            f2[i] = vl_erfc(u2[i]);
            f3[i] = vl_exp(u3[i]);
        }
#pragma omp simd
        for (int64_t i = 0; i < VL_BLOCK; i++) {
            const double hh = h[i], sg = sign[i];
            const double val = 0.5 * (hh * f1[i] - sg * f2[i] / hh);  /* b, or e^{x/2} - b */
            u4[i] = val;
            u1[i] = val > 0.0 ? val / target[i] : 1.0;
        }
#pragma omp simd
        for (int64_t i = 0; i < VL_BLOCK; i++) f4[i] = vl_log(u1[i]);
        double pending = 0.0;
#pragma omp simd reduction(+:pending)
        for (int64_t i = 0; i < VL_BLOCK; i++) {
            const double si = s[i], xi = x[i], sg = sign[i], val = u4[i];
            const double positive = val > 0.0 ? 1.0 : 0.0;  /* 0: underflow deep in the lower tail */
            const double too_high = positive * (sg * (val - target[i]) > 0.0 ? 1.0 : 0.0);
            const double l = too_high > 0.0 ? lo[i] : si;
            const double u = too_high > 0.0 ? si : hi[i];
            const double vega = VL_INV_SQRT_2PI * f3[i];
            const double vv = positive > 0.0 ? val : 1.0;
            const double g = f4[i];
            const double gp = sg * vega / vv;
            const double gpp = sg * vega * (xi * xi / (si * si * si) - 0.25 * si) / vv - gp * gp;
            const double newton = -g / gp;
            const double corr = 1.0 - 0.5 * g * gpp / (gp * gp);
            const double halley = (corr > 0.5 ? 1.0 : 0.0) * (corr < 2.0 ? 1.0 : 0.0);
            const double step = halley > 0.0 ? newton / corr : newton;
            const double raw = positive > 0.0 ? si + step : -1.0;
            /* A step below the tolerance is the answer (at the root itself s sits on the bracket's
             * edge, so this test comes before the bracket's). */
            const double tiny = positive * (fabs(step) <= VL_IV_STEP_TOL * si ? 1.0 : 0.0);
            const double inside = (raw > l ? 1.0 : 0.0) * (raw < u ? 1.0 : 0.0);
            const double bisect = u < INFINITY ? 0.5 * (l + u) : 2.0 * si;
            const double nxt = tiny + inside > 0.0 ? raw : bisect;
            const double collapsed = (u < INFINITY ? 1.0 : 0.0) * (u - l <= VL_IV_STEP_TOL * u ? 1.0 : 0.0);
            const double converged = tiny + collapsed;
            const double was_done = done[i];
            const double now_done = was_done > 0.0 ? 1.0 : (converged > 0.0 ? 1.0 : 0.0);
            s[i] = was_done > 0.0 ? si : nxt;
            lo[i] = was_done > 0.0 ? lo[i] : l;
            hi[i] = was_done > 0.0 ? hi[i] : u;
            done[i] = now_done;
            pending += 1.0 - now_done;
        }
        if (pending == 0.0) break;
    }
#pragma omp simd
    for (int64_t i = 0; i < VL_BLOCK; i++) {
        const double good = ok[i] * done[i];
        out[i] = good > 0.0 ? s[i] / sqrt(tt[i]) : NAN;
    }
}

/* Fewer than VL_BLOCK rows: padded scratch, same vector code. */
static void vl_iv_tail(int64_t n, const double *P, const double *S, const double *K, const double *T,
                       const double *r, const double *q, const uint8_t *call, double *out)
{
    double in[6][VL_BLOCK], res[VL_BLOCK];
    uint8_t c[VL_BLOCK];
    const double *src[6] = {P, S, K, T, r, q};
    for (int j = 0; j < 6; j++) {
        memcpy(in[j], src[j], (size_t)n * sizeof(double));
        for (int64_t i = n; i < VL_BLOCK; i++) in[j][i] = NAN; /* invalid rows: no iterations spent */
    }
    memcpy(c, call, (size_t)n);
    memset(c + n, 1, (size_t)(VL_BLOCK - n));
    vl_iv_block(in[0], in[1], in[2], in[3], in[4], in[5], c, res);
    memcpy(out, res, (size_t)n * sizeof(double));
}

#endif
