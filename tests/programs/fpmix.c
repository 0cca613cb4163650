/* SPDX-License-Identifier: Apache-2.0
 * Floating-point and atomic instruction mix for the decoder check
 * (tests/checks/record-decode.sh compares every instruction of the linked
 * binary with objdump): fused multiply-add, conversions, compares, moves,
 * sign injection, min/max, sqrt, AMOs and lr/sc. */
#include <math.h>
#include <stdint.h>

volatile double vd[4] = {1.5, -2.25, 3.0, 0.125};
volatile float vf[4] = {1.5f, -2.25f, 3.0f, 0.125f};
volatile int64_t vi = 7;
int64_t counter;
uint32_t counter32;

__attribute__((noinline)) double fd(double a, double b, double c)
{
    return a * b + c - sqrt(fabs(c)) / (a - b) + fmin(a, b) + fmax(b, c) + copysign(a, -b) - a * b - c;
}

__attribute__((noinline)) float ff(float a, float b, float c)
{
    return -(a * b) - c + sqrtf(fabsf(c)) / (a + 1.0f) + fminf(a, b) + fmaxf(b, c) + copysignf(a, -b);
}

__attribute__((noinline)) int64_t conv(double d, float f, int64_t i, uint32_t u)
{
    int64_t r = (int64_t)d + (int64_t)f + (int32_t)f + (uint32_t)d + (uint64_t)f;
    double x = (double)i + (double)u + (float)i + (float)u + (double)f;
    r += d < f ? 1 : 0;
    r += d == x ? 2 : 0;
    r += f <= (float)x ? 4 : 0;
    r += isnan(d) ? 8 : 0;
    union { double d; int64_t i; } un = {x};
    return r + un.i;
}

int main(void)
{
    double a = vd[0], b = vd[1], c = vd[2];
    float x = vf[0], y = vf[1], z = vf[2];
    double s = fd(a, b, c) + ff(x, y, z) + (double)conv(a, x, vi, 3u);
    __atomic_fetch_add(&counter, 3, __ATOMIC_SEQ_CST);
    __atomic_fetch_or(&counter32, 5u, __ATOMIC_RELAXED);
    __atomic_fetch_and(&counter32, 7u, __ATOMIC_ACQUIRE);
    __atomic_fetch_xor(&counter, 9, __ATOMIC_RELEASE);
    int64_t expect = 0;
    __atomic_compare_exchange_n(&counter, &expect, 1, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    __atomic_exchange_n(&counter32, 11u, __ATOMIC_ACQ_REL);
    return s > 1e300 ? 1 : 0;
}
