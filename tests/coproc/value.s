# Load-value profiling on the profiling co-processor (Zilles and Sohi 2001,
# section 5 and the appendix flow chart). One slot per static load:
#   CAM[k]   = load pc (associative array, valid = slot on)
#   b0[k]    = active value       b1[k] = hits      b2[k] = misses
#   b3[k]    = total samples seen by the slot (never reset by re-selection)
# Hit path: total++; value == active ? hits++ : misses++ (and re-select the
# active value when misses exceed hits while hits are still trivial, else
# turn the slot off to keep its information). A saturating total or hit
# counter turns the slot off. Miss path: informational replacement of the
# one slot under the replacement pointer i7 when a random number in
# [0, c0] exceeds its total; failures count up the saturating counter i6
# (successes count it down) and interrupt the host when it saturates; the
# replacement counter i5 interrupts the host on thrashing.
# Schedule (the pipeline's timing rules, docs/coproc.md): a sample of a load
# with a slot mostly misses (matching loads get masked by the host), so the
# value compare is predicted taken towards the miss code; hits are read two
# microinstructions before the compare with the misses so the value operand
# is forwarded, not waited for; keeping the active value ends in `done`
# straight from that compare, and re-selection falls through with no taken
# branch, writing hits = 1 from the compare that checks them against c1
# (the off branch puts them back). Cycles per sample, `done` included: hit 10,
# miss keeping the value 8, miss re-selecting 11.
# Sizes follow the configuration through the assembler's symbols (SLOTS =
# CAM entries, SLOT_BITS = log2(SLOTS)); the data array needs 4 x SLOTS words.

.filter load
.fields value
.cntw 16                # counters saturate at 65535
.iwidth i0, SLOT_BITS   # matched slot
.iwidth i5, THRASH_BITS # replacements since the last interrupt: thrash at 8 x SLOTS - 1
.iwidth i6, SLOT_BITS   # failed-replacement counter: interrupt at SLOTS - 1 (net) failures
.iwidth i7, SLOT_BITS   # replacement pointer (wraps over the slots)
.base b0, 0
.base b1, SLOTS
.base b2, SLOTS2
.base b3, SLOTS3
.const c0, 0xff         # random numbers in [0, 255]
.const c1, 16           # hits at or above this: turn the slot off instead of re-selecting
.const c2, 1
.const c3, 0          # v3 = hits: add c3, dr (dr as operand B costs no extra cycle)
.seed 0x2545f491
.class load, ld

ld:     match s.pc ; i0 = mov midx ; br nhit, miss
        dinc b3[i0] ; br dsat, off                      # total++ (saturated: off)
        dread b1[i0] ; v3 = add c3, dr                   # v3 = hits
        dread b0[i0] ; cne s.value, dr ; brt vnz, mis    # value == active value?
        dinc b1[i0] ; br ndsat, done                     # hits++ (saturated: off)
off:    caminv i0 ; done
mis:    dinc b2[i0] ; cle v3, dr ; br vz, done           # misses++; keep the value while misses <= hits
        clt v3, c1 ; dwrite b1[i0] ; br vz, offh         # hits = 1 (vres) unless hits >= c1
        v2 = mov s.value ; dwrite b0[i0]                 # re-select the active value
        dwrite b2[i0] ; done                             # misses = 0 (value ALU idle: 0)
offh:   v2 = mov v3 ; dwrite b1[i0] ; caminv i0 ; done   # non-trivial hits: restore them, slot off
miss:   v1 = rand c0
        dread b3[i7] ; cle v1, dr ; br vnz, fail         # replace if total < random
        camw i7, s.pc ; dwrite b2[i7] ; i6 = ssub i6, one    # new slot: pc, misses = 0
        v2 = mov s.value ; dwrite b0[i7]
        v2 = mov c2 ; dwrite b1[i7]                      # hits = 1
        v2 = mov c2 ; dwrite b3[i7] ; i7 = add i7, one   # total = 1, advance the pointer
        i5 = sadd i5, one ; br nisat, done               # replacements++
        interrupt                                        # thrashing
fail:   i6 = sadd i6, one ; br nisat, done               # failed++
        interrupt                                        # slots full of frequent loads
