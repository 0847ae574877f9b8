# test: lir
# signature: total(list(int64))
# signature: collatz(int64)
# signature: indexed_sum(list(int64))
# signature: one_past(list(int64))
def total(xs):
    s = 0
    for x in xs:
        s += x
    return s

def get(xs, i):
    return xs[i]

def put(xs, i, v):
    xs[i] = v
    return xs[i]

def countdown(n):
    s = 0
    for i in range(n, 0, -3):
        s += i
    return s

def collatz(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps

def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)

def divmods(a, b):
    return divmod(a, b)

def extremes(a, b, c):
    return min(a, b, c), max(a, b, c), abs(a)

def fsum(xs):
    s = 0.0
    for x in xs:
        s += x
    return s

def indexed_sum(xs):
    n = len(xs)
    t = 0
    for j in range(n):
        t += xs[j]
    return t

def one_past(xs):
    t = 0
    for j in range(len(xs) + 1):
        t += xs[j]
    return t

def reversed_sum(xs):
    t = 0
    for j in range(len(xs)):
        t += xs[-1 - j]
    return t

# run: indexed_sum([4, 5, 6]) == 15
# run: indexed_sum([]) == 0
# run: one_past([1, 2]) deopts
# run: reversed_sum([1, 2, 3]) == 6
# run: total([1, 2, 3]) == 6
# run: total([]) == 0
# run: total([2**62, 2**62]) deopts
# run: get([10, 20, 30], -1) == 30
# run: get([10, 20, 30], -3) == 10
# run: get([10, 20, 30], 3) deopts
# run: get([10, 20, 30], -4) deopts
# run: put([1, 2, 3], -2, 9) == 9
# run: put([1, 2, 3], 5, 9) deopts
# run: countdown(10) == 22
# run: countdown(0) == 0
# run: collatz(27) == 111
# run: fib(15) == 610
# run: divmods(-7, 2) == (-4, 1)
# run: divmods(7, 0) deopts
# run: extremes(3, -1, 2) == (-1, 3, 3)
# run: extremes(-2**63, 0, 1) deopts
# run: fsum([0.5, 0.25]) == 0.75
# ---- expected (BLESS=1 regenerates) ----
# ---- LIR total(list(int64)) ----
# deopt 0: "an int left 64 bits" line 9
# deopt 1: "a signal arrived (Ctrl-C)" line 9
#
# function "total(reflected list(int64))"(v0: ptr) -> i64
#   vars v1: ptr, v2: i64, v3: i64, v4: i1, v5: i64, v6: i64, v7: i64, v8: ptr
#   vars v9: i64, v10: ptr, v11: i64, v12: i64, v13: i1, v14: i64, v15: i64, v16: i64
#   vars v17: i64, v18: i64, v19: i64, v20: ptr, v21: i64, v22: i64, v23: i64, v24: i1
#   vars v25: i64, v26: i1, v27: ptr, v28: i64, v29: i64, v30: ptr, v31: i64, v32: i64
#   vars v33: i64, v34: i1, v35: i64, v36: i1, v37: i64, v38: i64, v39: i64, v40: i1
#   vars v41: i64, v42: i1
# block0:
#   ; line 6
#   v1 = copy v0
#   v2 = depth
#   v3 = iconst.i64 0
#   v4 = icmp sle v2, v3
#   exit_if v4, status RecursionLimit
#   jump block1
# block1:
#   ; line 7
#   v5 = iconst.i64 0
#   v6 = copy v5
#   v7 = copy v6
#   ; line 8
#   v8 = copy v1
#   v9 = copy v5
#   v10 = copy v8
#   v11 = copy v9
#   jump block2
# block2:
#   v12 = load.i64 v10+0
#   v13 = icmp slt v11, v12
#   v14 = iconst.i64 1
#   v15 = iadd v11, v14
#   v16 = iconst.i64 0
#   v17 = select v13, v15, v16
#   v18 = iconst.i64 3
#   v19 = ishl v17, v18
#   v20 = iadd v10, v19
#   v21 = load.i64 v20+0
#   v22 = iadd v11, v14
#   v11 = copy v22
#   v23 = copy v21
#   v24 = copy v13
#   v25 = copy v23
#   v26 = copy v24
#   v27 = copy v10
#   v28 = copy v11
#   v29 = copy v25
#   v30 = copy v10
#   v31 = copy v11
#   brif v26, block3, block4
# block3:
#   v32 = copy v29
#   ; line 9
#   v33, v34 = sadd_overflow v7, v32
#   exit_if v34, deopt 0
#   v35 = copy v33
#   v7 = copy v35
#   v10 = copy v27
#   v11 = copy v28
#   jump block5
# block4:
#   ; line 10
#   return v7
# block5:
#   ; line 9
#   v36 = poll_pending
#   brif v36, block7, block6
# block6:
#   jump block2
# block7:
#   v37 = depth
#   v38 = call_helper pynum_safepoint(v37)
#   v39 = iconst.i64 1
#   v40 = icmp eq v38, v39
#   exit_if v40, deopt 1
#   v41 = iconst.i64 2
#   v42 = icmp eq v38, v41
#   exit_if v42, tier_up block6
#   jump block6
# ---- LIR collatz(int64) ----
# deopt 0: "an int left 64 bits" line 31
# deopt 1: "an int left 64 bits" line 31
# deopt 2: "an int left 64 bits" line 32
# deopt 3: "a signal arrived (Ctrl-C)" line 32
#
# function "collatz(int64)"(v0: i64) -> i64
#   vars v1: i64, v2: i64, v3: i64, v4: i1, v5: i64, v6: i64, v7: i64, v8: i64
#   vars v9: i64, v10: i1, v11: i1, v12: i1, v13: i64, v14: i64, v15: i64, v16: i64
#   vars v17: i64, v18: i64, v19: i64, v20: i1, v21: i1, v22: i1, v23: i64, v24: i64
#   vars v25: i64, v26: i64, v27: i64, v28: i64, v29: i64, v30: i64, v31: i1, v32: i64
#   vars v33: i64, v34: i64, v35: i64, v36: i1, v37: i64, v38: i64, v39: i64, v40: i64
#   vars v41: i1, v42: i64, v43: i1, v44: i64, v45: i64, v46: i64, v47: i1, v48: i64
#   vars v49: i1, v50: i64, v51: i64, v52: i64
# block0:
#   ; line 25
#   v1 = copy v0
#   v2 = depth
#   v3 = iconst.i64 0
#   v4 = icmp sle v2, v3
#   exit_if v4, status RecursionLimit
#   jump block1
# block1:
#   ; line 26
#   v5 = iconst.i64 0
#   v6 = copy v5
#   v7 = copy v6
#   jump block2
# block2:
#   ; line 27
#   v8 = iconst.i64 1
#   v9 = copy v8
#   v10 = icmp ne v1, v9
#   v11 = copy v10
#   v12 = copy v11
#   brif v12, block3, block7
# block3:
#   ; line 28
#   v13 = iconst.i64 2
#   v14 = copy v13
#   v15 = iconst.i64 1
#   v16 = band v1, v15
#   v17 = copy v16
#   v18 = iconst.i64 0
#   v19 = copy v18
#   v20 = icmp eq v17, v19
#   v21 = copy v20
#   v22 = copy v21
#   brif v22, block4, block5
# block4:
#   ; line 29
#   v23 = iconst.i64 2
#   v24 = copy v23
#   v25 = iconst.i64 1
#   v26 = sshr v1, v25
#   v27 = copy v26
#   v1 = copy v27
#   jump block6
# block5:
#   ; line 31
#   v28 = iconst.i64 3
#   v29 = copy v28
#   v50 = iconst.i64 3074457345618258602
#   v51 = iconst.i64 6148914691236517205
#   v52 = iadd v1, v50
#   v31 = icmp uge v52, v51
#   v30 = imul v29, v1
#   exit_if v31, deopt 0
#   v32 = copy v30
#   v33 = iconst.i64 1
#   v34 = copy v33
#   v36 = iconst.i1 0
#   v35 = iadd v32, v34
#   exit_if v36, deopt 1
#   v37 = copy v35
#   v1 = copy v37
#   jump block6
# block6:
#   ; line 32
#   v38 = iconst.i64 1
#   v39 = copy v38
#   v40, v41 = sadd_overflow v7, v39
#   exit_if v41, deopt 2
#   v42 = copy v40
#   v7 = copy v42
#   jump block8
# block7:
#   ; line 33
#   return v7
# block8:
#   ; line 32
#   v43 = poll_pending
#   brif v43, block10, block9
# block9:
#   jump block2
# block10:
#   v44 = depth
#   v45 = call_helper pynum_safepoint(v44)
#   v46 = iconst.i64 1
#   v47 = icmp eq v45, v46
#   exit_if v47, deopt 3
#   v48 = iconst.i64 2
#   v49 = icmp eq v45, v48
#   exit_if v49, tier_up block9
#   jump block9
# ---- LIR indexed_sum(list(int64)) ----
# deopt 0: "an int left 64 bits" line 56
# deopt 1: "a signal arrived (Ctrl-C)" line 56
#
# function "indexed_sum(reflected list(int64))"(v0: ptr) -> i64
#   vars v1: ptr, v2: i64, v3: i64, v4: i1, v5: i64, v6: i64, v7: i64, v8: i64
#   vars v9: i64, v10: i64, v11: i64, v12: i64, v13: i64, v14: i1, v15: i1, v16: i64
#   vars v17: i64, v18: i1, v19: i64, v20: i64, v21: i64, v22: i64, v23: i64, v24: i64
#   vars v25: i64, v26: i64, v27: i64, v28: i64, v29: i1, v30: i64, v31: i64, v32: i64
#   vars v33: i64, v34: i1, v35: i64, v36: i1, v37: i64, v38: i64, v39: i64, v40: i64
#   vars v41: i64, v42: i64, v43: i64, v44: i64, v45: i64, v46: i64, v47: ptr, v48: i64
#   vars v49: i64, v50: i64, v51: i1, v52: i64, v53: i1, v54: i64, v55: i64, v56: i64
#   vars v57: i1, v58: i64, v59: i1, v60: i64, v61: i1, v62: i1, v63: i1, v64: i64
#   vars v65: i64, v66: i64, v67: i64, v68: i64, v69: i64, v70: i1, v71: i64, v72: i64
#   vars v73: i64, v74: i64, v75: i1, v76: i64, v77: i1, v78: i64, v79: i64, v80: i64
# block0:
#   ; line 52
#   v1 = copy v0
#   v2 = depth
#   v3 = iconst.i64 0
#   v4 = icmp sle v2, v3
#   exit_if v4, status RecursionLimit
#   jump block1
# block1:
#   ; line 53
#   v5 = load.i64 v1+0
#   v6 = copy v5
#   v7 = copy v6
#   ; line 54
#   v8 = iconst.i64 0
#   v9 = copy v8
#   v10 = copy v9
#   ; line 55
#   v11 = copy v8
#   v12 = iconst.i64 1
#   v13 = copy v12
#   v14 = iconst.i1 0
#   v15 = iconst.i1 1
#   v16 = copy v11
#   v17 = copy v7
#   v18 = icmp slt v16, v17
#   v19 = isub v17, v16
#   v20 = select v18, v19, v8
#   v21 = copy v11
#   v22 = copy v20
#   v23 = copy v13
#   v24 = copy v21
#   v25 = copy v22
#   v26 = copy v23
#   v60 = copy v25
#   jump block8
# block2:
#   v27 = copy v24
#   v28 = iconst.i64 0
#   v29 = icmp ne v25, v28
#   v30 = iadd v24, v26
#   v24 = copy v30
#   v31 = iconst.i64 -1
#   v32 = iadd v25, v31
#   v25 = copy v32
#   v33 = copy v27
#   v34 = copy v29
#   v35 = copy v33
#   v36 = copy v34
#   v37 = copy v24
#   v38 = copy v25
#   v39 = copy v26
#   v40 = copy v35
#   v41 = copy v24
#   v42 = copy v25
#   v43 = copy v26
#   jump block3
# block3:
#   v44 = copy v40
#   ; line 56
#   v45 = iconst.i64 3
#   v46 = ishl v44, v45
#   v47 = iadd v1, v46
#   v48 = load.i64 v47+8
#   v49 = copy v48
#   v50, v51 = sadd_overflow v10, v49
#   exit_if v51, deopt 0
#   v52 = copy v50
#   v10 = copy v52
#   v24 = copy v37
#   v25 = copy v38
#   v26 = copy v39
#   jump block5
# block4:
#   ; line 57
#   return v10
# block5:
#   ; line 56
#   jump block6
# block6:
#   jump block8
# block7:
#   v54 = depth
#   v55 = call_helper pynum_safepoint(v54)
#   v56 = iconst.i64 1
#   v57 = icmp eq v55, v56
#   exit_if v57, deopt 1
#   v58 = iconst.i64 2
#   v59 = icmp eq v55, v58
#   exit_if v59, tier_up block8
#   jump block8
# block8:
#   ; line 55
#   v61 = icmp ne v25, v60
#   brif v61, block2, block9
# block9:
#   v64 = iconst.i64 0
#   v62 = icmp ne v25, v64
#   brif v62, block11, block10
# block10:
#   v68 = copy v24
#   v69 = iconst.i64 0
#   v70 = icmp ne v25, v69
#   v71 = iadd v24, v26
#   v24 = copy v71
#   v72 = iconst.i64 -1
#   v73 = iadd v25, v72
#   v25 = copy v73
#   v74 = copy v68
#   v75 = copy v70
#   v76 = copy v74
#   v77 = copy v75
#   v37 = copy v24
#   v38 = copy v25
#   v39 = copy v26
#   v40 = copy v76
#   v78 = copy v24
#   v79 = copy v25
#   v80 = copy v26
#   jump block4
# block11:
#   v65 = iconst.i64 1
#   v67 = isub v25, v65
#   v66 = iconst.i64 -4096
#   v60 = band v67, v66
#   v63 = poll_pending
#   brif v63, block7, block8
# ---- LIR one_past(list(int64)) ----
# deopt 0: "an int left 64 bits" line 61
# deopt 1: "an index out of range" line 62
# deopt 2: "an int left 64 bits" line 62
# deopt 3: "a signal arrived (Ctrl-C)" line 62
#
# function "one_past(reflected list(int64))"(v0: ptr) -> i64
#   vars v1: ptr, v2: i64, v3: i64, v4: i1, v5: i64, v6: i64, v7: i64, v8: i64
#   vars v9: i64, v10: i64, v11: i64, v12: i64, v13: i1, v14: i64, v15: i64, v16: i64
#   vars v17: i1, v18: i1, v19: i64, v20: i64, v21: i1, v22: i64, v23: i64, v24: i64
#   vars v25: i64, v26: i64, v27: i64, v28: i64, v29: i64, v30: i64, v31: i64, v32: i1
#   vars v33: i64, v34: i64, v35: i64, v36: i64, v37: i1, v38: i64, v39: i1, v40: i64
#   vars v41: i64, v42: i64, v43: i64, v44: i64, v45: i64, v46: i64, v47: i64, v48: i64
#   vars v49: i1, v50: i64, v51: i64, v52: ptr, v53: i64, v54: i64, v55: i64, v56: i1
#   vars v57: i64, v58: i1, v59: i64, v60: i64, v61: i64, v62: i1, v63: i64, v64: i1
#   vars v65: i64, v66: i1, v67: i1, v68: i1, v69: i64, v70: i64, v71: i64, v72: i64
#   vars v73: i64, v74: i64, v75: i1, v76: i64, v77: i64, v78: i64, v79: i64, v80: i1
#   vars v81: i64, v82: i1, v83: i64, v84: i64, v85: i64
# block0:
#   ; line 59
#   v1 = copy v0
#   v2 = depth
#   v3 = iconst.i64 0
#   v4 = icmp sle v2, v3
#   exit_if v4, status RecursionLimit
#   jump block1
# block1:
#   ; line 60
#   v5 = iconst.i64 0
#   v6 = copy v5
#   v7 = copy v6
#   ; line 61
#   v8 = load.i64 v1+0
#   v9 = copy v8
#   v10 = iconst.i64 1
#   v11 = copy v10
#   v12, v13 = sadd_overflow v9, v11
#   exit_if v13, deopt 0
#   v14 = copy v12
#   v15 = copy v5
#   v16 = copy v10
#   v17 = iconst.i1 0
#   v18 = iconst.i1 1
#   v19 = copy v15
#   v20 = copy v14
#   v21 = icmp slt v19, v20
#   v22 = isub v20, v19
#   v23 = select v21, v22, v5
#   v24 = copy v15
#   v25 = copy v23
#   v26 = copy v16
#   v27 = copy v24
#   v28 = copy v25
#   v29 = copy v26
#   v65 = copy v28
#   jump block8
# block2:
#   v30 = copy v27
#   v31 = iconst.i64 0
#   v32 = icmp ne v28, v31
#   v33 = iadd v27, v29
#   v27 = copy v33
#   v34 = iconst.i64 -1
#   v35 = iadd v28, v34
#   v28 = copy v35
#   v36 = copy v30
#   v37 = copy v32
#   v38 = copy v36
#   v39 = copy v37
#   v40 = copy v27
#   v41 = copy v28
#   v42 = copy v29
#   v43 = copy v38
#   v44 = copy v27
#   v45 = copy v28
#   v46 = copy v29
#   jump block3
# block3:
#   v47 = copy v43
#   ; line 62
#   v48 = load.i64 v1+0
#   v49 = icmp uge v47, v48
#   exit_if v49, deopt 1
#   v50 = iconst.i64 3
#   v51 = ishl v47, v50
#   v52 = iadd v1, v51
#   v53 = load.i64 v52+8
#   v54 = copy v53
#   v55, v56 = sadd_overflow v7, v54
#   exit_if v56, deopt 2
#   v57 = copy v55
#   v7 = copy v57
#   v27 = copy v40
#   v28 = copy v41
#   v29 = copy v42
#   jump block5
# block4:
#   ; line 63
#   return v7
# block5:
#   ; line 62
#   jump block6
# block6:
#   jump block8
# block7:
#   v59 = depth
#   v60 = call_helper pynum_safepoint(v59)
#   v61 = iconst.i64 1
#   v62 = icmp eq v60, v61
#   exit_if v62, deopt 3
#   v63 = iconst.i64 2
#   v64 = icmp eq v60, v63
#   exit_if v64, tier_up block8
#   jump block8
# block8:
#   ; line 61
#   v66 = icmp ne v28, v65
#   brif v66, block2, block9
# block9:
#   v69 = iconst.i64 0
#   v67 = icmp ne v28, v69
#   brif v67, block11, block10
# block10:
#   v73 = copy v27
#   v74 = iconst.i64 0
#   v75 = icmp ne v28, v74
#   v76 = iadd v27, v29
#   v27 = copy v76
#   v77 = iconst.i64 -1
#   v78 = iadd v28, v77
#   v28 = copy v78
#   v79 = copy v73
#   v80 = copy v75
#   v81 = copy v79
#   v82 = copy v80
#   v40 = copy v27
#   v41 = copy v28
#   v42 = copy v29
#   v43 = copy v81
#   v83 = copy v27
#   v84 = copy v28
#   v85 = copy v29
#   jump block4
# block11:
#   v70 = iconst.i64 1
#   v72 = isub v28, v70
#   v71 = iconst.i64 -4096
#   v65 = band v72, v71
#   v68 = poll_pending
#   brif v68, block7, block8
