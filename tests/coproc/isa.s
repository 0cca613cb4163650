# Co-processor ISA exerciser for the lockstep regression (config `isa`): no
# profiling meaning, only coverage. Every value-ALU and index-ALU operation,
# every operand kind (sample fields, DFE fields, dr, midx), back-to-back
# read-modify-writes of one data-array word (the bypass), an index register
# written and used as an address, as a value operand or as index operands by
# the next microinstructions (forwarding), predicted-taken relative and t-register
# branches, unpredicted ones, every CAM operation, counter saturation, `done`
# from several places, and a periodic `interrupt` (the host copies every
# register and array word out).

.filter other, alu, load, store, branch, jump, call, ret, ijump, muldiv, fp, system
.fields insn, value, addr, npc
.cntw 12
.iwidth i1, SLOT_BITS
.iwidth i2, 3
.iwidth i3, 9
.iwidth i6, 10
.base b0, 0
.base b1, SLOTS
.base b2, SLOTS2
.base b3, SLOTS3
.const c0, 0xff
.const c1, 3
.const c2, 0xffff
.const c3, 0x7fffffff
.target t0, tgt0
.target t1, tgt1
.seed 0xace1
.class branch, brs

all:    v0 = xor s.pc, s.insn ; i1 = add i1, one
        v1 = shr s.value, c1 ; i2 = sadd i2, cls ; dinc b0[i1]
        v2 = sub v1, s.addr ; i3 = ssub i3, rd ; dinc b0[i1]
        v3 = and v2, c2 ; i4 = and i3, rs1 ; dread b0[i1]
        v4 = or dr, s.imm ; i5 = or i4, rs2 ; dwrite b1[i2]
        v5 = sadd v4, c3 ; br nvsat, s1
        v5 = ssub v5, s.npc ; i6 = sub i6, one
s1:     v6 = shl s.info, c1 ; jmp fwd
        v7 = mov c0
fwd:    v7 = rand c0 ; i7 = mov dr ; dread b2[i3]
        i5 = add i7, i7
        v3 = xor i7, v7
        v4 = add c1, i5
        clt v7, c1 ; brt vz, t0
        cle v7, v6 ; br always, t1
tgt0:   ceq v7, v5 ; br vnz, tgt1
        cne v0, v1 ; dinc b3[i2]
tgt1:   match v0 ; i0 = mov midx ; br hit, hitp
        camw i1, v0 ; i6 = sadd i6, one ; br isat, irq
        br ntaken, done
        caminv i1 ; done
hitp:   dinc b2[i0] ; br dsat, clr
        i0 = add i0, one ; dinc b2[i0] ; br iz, done
        dinc b2[i0] ; done
clr:    caminvall ; done
irq:    interrupt
brs:    v0 = mov s.npc ; br taken, bt
        dinc b3[i2] ; done
bt:     dinc b3[i1] ; jmp all
