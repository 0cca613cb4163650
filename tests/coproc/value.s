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
.seed 0x2545f491
.class load, ld

ld:     match s.pc ; i0 = mov midx ; br nhit, miss
        dinc b3[i0] ; br dsat, off                      # total++ (saturated: off)
        dread b0[i0] ; cne s.value, dr ; br vnz, mis     # value == active value?
        dinc b1[i0] ; br ndsat, done                     # hits++ (saturated: off)
off:    caminv i0 ; done
mis:    dinc b2[i0] ; v1 = add c2, dr                    # misses++, v1 = misses
        dread b1[i0] ; cle v1, dr ; br vnz, done         # hits >= misses: keep the value
        dread b1[i0] ; cle c1, dr ; br vnz, off          # non-trivial hits: slot off
        v2 = mov s.value ; dwrite b0[i0]                 # re-select the active value
        v2 = mov c2 ; dwrite b1[i0]                      # hits = 1
        dwrite b2[i0] ; done                             # misses = 0 (value ALU idle: 0)
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
