/* SPDX-License-Identifier: Apache-2.0
 * Tiny stack bytecode interpreter (switch dispatch) running three programs:
 * iterative Fibonacci, a sieve of Eratosthenes over a byte array, and a
 * polynomial-hash loop over a string. */
#include <stdint.h>

enum { PUSH, LOAD, STORE, ADD, SUB, MUL, LT, JZ, JMP, LDB, STB, HALT, DUP, MOD };
typedef struct { uint8_t op; int32_t arg; } ins;

static int64_t vars[16];
static uint8_t mem[8192];

static int64_t run(const ins *code)
{
    int64_t st[64];
    int sp = 0, pc = 0;
    for (;;) {
        const ins *i = &code[pc++];
        switch (i->op) {
        case PUSH: st[sp++] = i->arg; break;
        case LOAD: st[sp++] = vars[i->arg]; break;
        case STORE: vars[i->arg] = st[--sp]; break;
        case ADD: sp--; st[sp - 1] += st[sp]; break;
        case SUB: sp--; st[sp - 1] -= st[sp]; break;
        case MUL: sp--; st[sp - 1] *= st[sp]; break;
        case MOD: sp--; st[sp - 1] %= st[sp]; break;
        case LT: sp--; st[sp - 1] = st[sp - 1] < st[sp]; break;
        case JZ: if (!st[--sp]) pc = i->arg; break;
        case JMP: pc = i->arg; break;
        case LDB: st[sp - 1] = mem[st[sp - 1] & 8191]; break;
        case STB: sp -= 2; mem[st[sp] & 8191] = (uint8_t)st[sp + 1]; break;
        case DUP: st[sp] = st[sp - 1]; sp++; break;
        case HALT: return sp ? st[sp - 1] : 0;
        }
    }
}

/* fib: a=0 b=1 i=0; while i<n: t=a+b a=b b=t i++ (mod 1e9+7), repeated */
static const ins fib[] = {
    {PUSH, 0}, {STORE, 0}, {PUSH, 1}, {STORE, 1}, {PUSH, 0}, {STORE, 2},
    /* 6 */ {LOAD, 2}, {PUSH, 3000}, {LT, 0}, {JZ, 23},
    {LOAD, 0}, {LOAD, 1}, {ADD, 0}, {PUSH, 1000000007}, {MOD, 0}, {LOAD, 1}, {STORE, 0}, {STORE, 1},
    {LOAD, 2}, {PUSH, 1}, {ADD, 0}, {STORE, 2}, {JMP, 6},
    /* 23 */ {LOAD, 0}, {HALT, 0}};

/* sieve over mem[0..N): for i in 2..N: if !mem[i]: for j=2i; j<N; j+=i: mem[j]=1 */
static const ins sieve[] = {
    {PUSH, 2}, {STORE, 3},
    /* 2 */ {LOAD, 3}, {PUSH, 6000}, {LT, 0}, {JZ, 31},
    {LOAD, 3}, {LDB, 0}, {JZ, 10}, {JMP, 26},
    /* 10 */ {LOAD, 3}, {LOAD, 3}, {ADD, 0}, {STORE, 4},
    /* 14 */ {LOAD, 4}, {PUSH, 6000}, {LT, 0}, {JZ, 26},
    {LOAD, 4}, {PUSH, 1}, {STB, 0}, {LOAD, 4}, {LOAD, 3}, {ADD, 0}, {STORE, 4}, {JMP, 14},
    /* 26 */ {LOAD, 3}, {PUSH, 1}, {ADD, 0}, {STORE, 3}, {JMP, 2},
    /* 31 */ {PUSH, 0}, {HALT, 0}};

/* hash: h = (h*31 + mem[6000+i]) mod 2^31-1 for i < 2000, 4 rounds */
static const ins hash[] = {
    {PUSH, 7}, {STORE, 5}, {PUSH, 0}, {STORE, 6},
    /* 4 */ {LOAD, 6}, {PUSH, 8000}, {LT, 0}, {JZ, 22},
    {LOAD, 5}, {PUSH, 31}, {MUL, 0}, {LOAD, 6}, {PUSH, 2000}, {MOD, 0}, {PUSH, 6000}, {ADD, 0},
    {LDB, 0}, {ADD, 0}, {PUSH, 2147483647}, {MOD, 0}, {STORE, 5}, {JMP, 23},
    /* 22 */ {JMP, 28},
    /* 23 */ {LOAD, 6}, {PUSH, 1}, {ADD, 0}, {STORE, 6}, {JMP, 4},
    /* 28 */ {LOAD, 5}, {HALT, 0}};

int main(void)
{
    for (int i = 0; i < 2000; i++)
        mem[6000 + i] = (uint8_t)("bytecode interpreter"[i % 20] + i);
    int64_t a = run(fib);
    run(sieve);
    int64_t h = run(hash);
    int primes = 0;
    for (int i = 2; i < 6000; i++)
        primes += !mem[i];
    return primes == 783 && a > 0 && h > 0 ? 0 : 1;
}
