# Edge profiling on the profiling co-processor (Zilles and Sohi 2001,
# section 4: "edge profiling"). Conditional branches: CAM key = branch pc,
# b0[k] = taken count, b1[k] = not-taken count. Indirect jumps: CAM key =
# (pc ^ (target << 12)) | 1 (branch pcs are even, so the two kinds never
# share a key), b0[k] = count, b2[k] = target. Entries are allocated in
# order (i6); when all SLOTS entries are in use the routine interrupts the host, which
# copies the counts out, clears the arrays and restarts.

.filter branch, ijump
.fields npc
.cntw 32
.iwidth i0, SLOT_BITS   # matched entry
.iwidth i6, SLOT_BITS1  # entries allocated, 0..SLOTS
.base b0, 0
.base b1, SLOTS
.base b2, SLOTS2
.const c1, SLOTS        # entries
.const c2, 12           # target shift of the indirect-jump key
.const c3, 1
.class branch, br
.class ijump, ij

br:     match s.pc ; i0 = mov midx ; br nhit, bnew
        dread b0[i6] ; br taken, btk                     # the read names i6, not i0: no wait for i0
        dinc b1[i0] ; done
btk:    dinc b0[i0] ; done
bnew:   ceq i6, c1 ; br vnz, interrupt                  # table full
        camw i6, s.pc ; br taken, bnewt
        dinc b1[i6] ; i6 = add i6, one ; done
bnewt:  dinc b0[i6] ; i6 = add i6, one ; done
ij:     v1 = shl s.npc, c2
        v1 = xor v1, s.pc
        v1 = or v1, c3
        match v1 ; i0 = mov midx ; br nhit, inew
        dinc b0[i0] ; done
inew:   ceq i6, c1 ; br vnz, interrupt
        camw i6, v1 ; dinc b0[i6]
        v2 = mov s.npc ; dwrite b2[i6] ; i6 = add i6, one ; done
