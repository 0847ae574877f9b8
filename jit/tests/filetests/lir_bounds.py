# test: lir
# signature: sum_squares(int64)
# signature: lcg(int64, int64)
# signature: countdown(int64)
# The bounds pass: a root function with loops gets a copy for int arguments below a
# bound (the widest of 2**31, 2**29, 2**20 proving as much as the narrowest), in which
# the overflow checks the ranges rule out are plain arithmetic; the original runs for
# every other argument.
def sum_squares(n):
    total = 0
    for i in range(n):
        total += i * i % 7
    return total

def lcg(samples, state):
    inside = 0
    for _ in range(samples):
        state = (state * 1103515245 + 12345) % 2147483648
        if state < 1073741824:
            inside += 1
    return inside

def countdown(n):
    s = 0
    for i in range(n, 0, -3):
        s += i
    return s

# run: sum_squares(10) == 19
# run: sum_squares(0) == 0
# run: sum_squares(-5) == 0
# run: lcg(100, 42) == 55
# run: lcg(3, 2**40) deopts
# run: lcg(3, 2**29 - 1) == 1
# run: countdown(10) == 22
# run: countdown(-4) == 0
# ---- expected (BLESS=1 regenerates) ----
# ---- LIR sum_squares(int64) ----
# deopt 0: "an int left 64 bits" line 12
# deopt 1: "an int left 64 bits" line 12
# deopt 2: "a signal arrived (Ctrl-C)" line 12
#
# function "sum_squares(int64)"(v0: i64) -> i64
#   vars v1: i64, v2: i64, v3: i64, v4: i1, v5: i64, v6: i64, v7: i64, v8: i64
#   vars v9: i64, v10: i64, v11: i1, v12: i1, v13: i64, v14: i64, v15: i1, v16: i64
#   vars v17: i64, v18: i64, v19: i64, v20: i64, v21: i64, v22: i64, v23: i64, v24: i64
#   vars v25: i64, v26: i1, v27: i64, v28: i64, v29: i64, v30: i64, v31: i1, v32: i64
#   vars v33: i1, v34: i64, v35: i64, v36: i64, v37: i64, v38: i64, v39: i64, v40: i64
#   vars v41: i64, v42: i64, v43: i1, v44: i64, v45: i64, v46: i64, v47: i64, v48: i64
#   vars v49: i64, v50: i1, v51: i64, v52: i1, v53: i64, v54: i64, v55: i64, v56: i1
#   vars v57: i64, v58: i1, v59: i64, v60: i64, v61: i1, v62: i64, v63: i1
# block0:
#   ; line 9
#   v59 = iconst.i64 2147483648
#   v60 = iconst.i64 4294967296
#   v61 = iconst.i1 1
#   v62 = iadd v0, v59
#   v63 = icmp ult v62, v60
#   v61 = band v61, v63
#   brif v61, block8, block1
# block1:
#   v1 = copy v0
#   v2 = depth
#   v3 = iconst.i64 0
#   v4 = icmp sle v2, v3
#   exit_if v4, status RecursionLimit
#   jump block2
# block2:
#   ; line 10
#   v5 = iconst.i64 0
#   v6 = copy v5
#   v7 = copy v6
#   ; line 11
#   v8 = copy v5
#   v9 = iconst.i64 1
#   v10 = copy v9
#   v11 = icmp eq v10, v5
#   v12 = icmp sgt v10, v5
#   v13 = select v12, v8, v1
#   v14 = select v12, v1, v8
#   v15 = icmp slt v13, v14
#   v16 = isub v14, v13
#   v17 = select v15, v16, v5
#   v18 = copy v8
#   v19 = copy v17
#   v20 = copy v10
#   v21 = copy v18
#   v22 = copy v19
#   v23 = copy v20
#   jump block3
# block3:
#   v24 = copy v21
#   v25 = iconst.i64 0
#   v26 = icmp ne v22, v25
#   v27 = iadd v21, v23
#   v21 = copy v27
#   v28 = iconst.i64 -1
#   v29 = iadd v22, v28
#   v22 = copy v29
#   v30 = copy v24
#   v31 = copy v26
#   v32 = copy v30
#   v33 = copy v31
#   v34 = copy v21
#   v35 = copy v22
#   v36 = copy v23
#   v37 = copy v32
#   v38 = copy v21
#   v39 = copy v22
#   v40 = copy v23
#   brif v33, block4, block5
# block4:
#   v41 = copy v37
#   ; line 12
#   v42, v43 = smul_overflow v41, v41
#   exit_if v43, deopt 0
#   v44 = copy v42
#   v45 = iconst.i64 7
#   v46 = copy v45
#   v47 = urem v44, v46
#   v48 = copy v47
#   v49, v50 = sadd_overflow v7, v48
#   exit_if v50, deopt 1
#   v51 = copy v49
#   v7 = copy v51
#   v52 = poll_pending
#   brif v52, block7, block6
# block5:
#   ; line 13
#   return v7
# block6:
#   ; line 12
#   v21 = copy v34
#   v22 = copy v35
#   v23 = copy v36
#   jump block3
# block7:
#   v53 = depth
#   v54 = call_helper pynum_safepoint(v53)
#   v55 = iconst.i64 1
#   v56 = icmp eq v54, v55
#   exit_if v56, deopt 2
#   v57 = iconst.i64 2
#   v58 = icmp eq v54, v57
#   exit_if v58, tier_up block6
#   jump block6
# block8:
#   ; line 9
#   v1 = copy v0
#   v2 = depth
#   v3 = iconst.i64 0
#   v4 = icmp sle v2, v3
#   exit_if v4, status RecursionLimit
#   jump block9
# block9:
#   ; line 10
#   v5 = iconst.i64 0
#   v6 = copy v5
#   v7 = copy v6
#   ; line 11
#   v8 = copy v5
#   v9 = iconst.i64 1
#   v10 = copy v9
#   v11 = icmp eq v10, v5
#   v12 = icmp sgt v10, v5
#   v13 = select v12, v8, v1
#   v14 = select v12, v1, v8
#   v15 = icmp slt v13, v14
#   v16 = isub v14, v13
#   v17 = select v15, v16, v5
#   v18 = copy v8
#   v19 = copy v17
#   v20 = copy v10
#   v21 = copy v18
#   v22 = copy v19
#   v23 = copy v20
#   jump block10
# block10:
#   v24 = copy v21
#   v25 = iconst.i64 0
#   v26 = icmp ne v22, v25
#   v27 = iadd v21, v23
#   v21 = copy v27
#   v28 = iconst.i64 -1
#   v29 = iadd v22, v28
#   v22 = copy v29
#   v30 = copy v24
#   v31 = copy v26
#   v32 = copy v30
#   v33 = copy v31
#   v34 = copy v21
#   v35 = copy v22
#   v36 = copy v23
#   v37 = copy v32
#   v38 = copy v21
#   v39 = copy v22
#   v40 = copy v23
#   brif v33, block11, block12
# block11:
#   v41 = copy v37
#   ; line 12
#   v42 = imul v41, v41
#   v43 = iconst.i1 0
#   v44 = copy v42
#   v45 = iconst.i64 7
#   v46 = copy v45
#   v47 = urem v44, v46
#   v48 = copy v47
#   v49 = iadd v7, v48
#   v50 = iconst.i1 0
#   v51 = copy v49
#   v7 = copy v51
#   v52 = poll_pending
#   brif v52, block14, block13
# block12:
#   ; line 13
#   return v7
# block13:
#   ; line 12
#   v21 = copy v34
#   v22 = copy v35
#   v23 = copy v36
#   jump block10
# block14:
#   v53 = depth
#   v54 = call_helper pynum_safepoint(v53)
#   v55 = iconst.i64 1
#   v56 = icmp eq v54, v55
#   exit_if v56, deopt 2
#   v57 = iconst.i64 2
#   v58 = icmp eq v54, v57
#   exit_if v58, tier_up block13
#   jump block13
# ---- LIR lcg(int64, int64) ----
# deopt 0: "an int left 64 bits" line 18
# deopt 1: "an int left 64 bits" line 18
# deopt 2: "a signal arrived (Ctrl-C)" line 19
# deopt 3: "an int left 64 bits" line 20
# deopt 4: "a signal arrived (Ctrl-C)" line 20
#
# function "lcg(int64, int64)"(v0: i64, v2: i64) -> i64
#   vars v1: i64, v3: i64, v4: i64, v5: i64, v6: i1, v7: i64, v8: i64, v9: i64
#   vars v10: i64, v11: i64, v12: i64, v13: i1, v14: i1, v15: i64, v16: i64, v17: i1
#   vars v18: i64, v19: i64, v20: i64, v21: i64, v22: i64, v23: i64, v24: i64, v25: i64
#   vars v26: i64, v27: i64, v28: i1, v29: i64, v30: i64, v31: i64, v32: i64, v33: i1
#   vars v34: i64, v35: i1, v36: i64, v37: i64, v38: i64, v39: i64, v40: i64, v41: i64
#   vars v42: i64, v43: i64, v44: i64, v45: i64, v46: i64, v47: i1, v48: i64, v49: i64
#   vars v50: i64, v51: i64, v52: i1, v53: i64, v54: i64, v55: i64, v56: i64, v57: i64
#   vars v58: i64, v59: i64, v60: i64, v61: i1, v62: i1, v63: i1, v64: i64, v65: i64
#   vars v66: i64, v67: i64, v68: i64, v69: i64, v70: i1, v71: i64, v72: i64, v73: i64
#   vars v74: i1, v75: i64, v76: i1, v77: i64, v78: i64, v79: i64, v80: i1, v81: i64
#   vars v82: i1, v83: i64, v84: i64, v85: i64, v86: i1, v87: i64, v88: i1, v89: i64
#   vars v90: i64, v91: i1, v92: i64, v93: i1, v94: i64, v95: i1
# block0:
#   ; line 15
#   v89 = iconst.i64 2147483648
#   v90 = iconst.i64 4294967296
#   v91 = iconst.i1 1
#   v92 = iadd v0, v89
#   v93 = icmp ult v92, v90
#   v91 = band v91, v93
#   v94 = iadd v2, v89
#   v95 = icmp ult v94, v90
#   v91 = band v91, v95
#   brif v91, block12, block1
# block1:
#   v1 = copy v0
#   v3 = copy v2
#   v4 = depth
#   v5 = iconst.i64 0
#   v6 = icmp sle v4, v5
#   exit_if v6, status RecursionLimit
#   jump block2
# block2:
#   ; line 16
#   v7 = iconst.i64 0
#   v8 = copy v7
#   v9 = copy v8
#   ; line 17
#   v10 = copy v7
#   v11 = iconst.i64 1
#   v12 = copy v11
#   v13 = icmp eq v12, v7
#   v14 = icmp sgt v12, v7
#   v15 = select v14, v10, v1
#   v16 = select v14, v1, v10
#   v17 = icmp slt v15, v16
#   v18 = isub v16, v15
#   v19 = select v17, v18, v7
#   v20 = copy v10
#   v21 = copy v19
#   v22 = copy v12
#   v23 = copy v20
#   v24 = copy v21
#   v25 = copy v22
#   jump block3
# block3:
#   v26 = copy v23
#   v27 = iconst.i64 0
#   v28 = icmp ne v24, v27
#   v29 = iadd v23, v25
#   v23 = copy v29
#   v30 = iconst.i64 -1
#   v31 = iadd v24, v30
#   v24 = copy v31
#   v32 = copy v26
#   v33 = copy v28
#   v34 = copy v32
#   v35 = copy v33
#   v36 = copy v23
#   v37 = copy v24
#   v38 = copy v25
#   v39 = copy v34
#   v40 = copy v23
#   v41 = copy v24
#   v42 = copy v25
#   brif v35, block4, block7
# block4:
#   v43 = copy v39
#   ; line 18
#   v44 = iconst.i64 1103515245
#   v45 = copy v44
#   v46, v47 = smul_overflow v3, v45
#   exit_if v47, deopt 0
#   v48 = copy v46
#   v49 = iconst.i64 12345
#   v50 = copy v49
#   v51, v52 = sadd_overflow v48, v50
#   exit_if v52, deopt 1
#   v53 = copy v51
#   v54 = iconst.i64 2147483648
#   v55 = copy v54
#   v56 = iconst.i64 2147483647
#   v57 = band v53, v56
#   v58 = copy v57
#   v3 = copy v58
#   ; line 19
#   v59 = iconst.i64 1073741824
#   v60 = copy v59
#   v61 = icmp slt v3, v60
#   v62 = copy v61
#   v63 = copy v62
#   v64 = copy v36
#   v65 = copy v37
#   v66 = copy v38
#   v67 = copy v36
#   v68 = copy v37
#   v69 = copy v38
#   brif v63, block6, block5
# block5:
#   v70 = poll_pending
#   brif v70, block9, block8
# block6:
#   ; line 20
#   v77 = iconst.i64 1
#   v78 = copy v77
#   v79, v80 = sadd_overflow v9, v78
#   exit_if v80, deopt 3
#   v81 = copy v79
#   v9 = copy v81
#   v82 = poll_pending
#   brif v82, block11, block10
# block7:
#   ; line 21
#   return v9
# block8:
#   ; line 19
#   v23 = copy v67
#   v24 = copy v68
#   v25 = copy v69
#   jump block3
# block9:
#   v71 = depth
#   v72 = call_helper pynum_safepoint(v71)
#   v73 = iconst.i64 1
#   v74 = icmp eq v72, v73
#   exit_if v74, deopt 2
#   v75 = iconst.i64 2
#   v76 = icmp eq v72, v75
#   exit_if v76, tier_up block8
#   jump block8
# block10:
#   ; line 20
#   v23 = copy v64
#   v24 = copy v65
#   v25 = copy v66
#   jump block3
# block11:
#   v83 = depth
#   v84 = call_helper pynum_safepoint(v83)
#   v85 = iconst.i64 1
#   v86 = icmp eq v84, v85
#   exit_if v86, deopt 4
#   v87 = iconst.i64 2
#   v88 = icmp eq v84, v87
#   exit_if v88, tier_up block10
#   jump block10
# block12:
#   ; line 15
#   v1 = copy v0
#   v3 = copy v2
#   v4 = depth
#   v5 = iconst.i64 0
#   v6 = icmp sle v4, v5
#   exit_if v6, status RecursionLimit
#   jump block13
# block13:
#   ; line 16
#   v7 = iconst.i64 0
#   v8 = copy v7
#   v9 = copy v8
#   ; line 17
#   v10 = copy v7
#   v11 = iconst.i64 1
#   v12 = copy v11
#   v13 = icmp eq v12, v7
#   v14 = icmp sgt v12, v7
#   v15 = select v14, v10, v1
#   v16 = select v14, v1, v10
#   v17 = icmp slt v15, v16
#   v18 = isub v16, v15
#   v19 = select v17, v18, v7
#   v20 = copy v10
#   v21 = copy v19
#   v22 = copy v12
#   v23 = copy v20
#   v24 = copy v21
#   v25 = copy v22
#   jump block14
# block14:
#   v26 = copy v23
#   v27 = iconst.i64 0
#   v28 = icmp ne v24, v27
#   v29 = iadd v23, v25
#   v23 = copy v29
#   v30 = iconst.i64 -1
#   v31 = iadd v24, v30
#   v24 = copy v31
#   v32 = copy v26
#   v33 = copy v28
#   v34 = copy v32
#   v35 = copy v33
#   v36 = copy v23
#   v37 = copy v24
#   v38 = copy v25
#   v39 = copy v34
#   v40 = copy v23
#   v41 = copy v24
#   v42 = copy v25
#   brif v35, block15, block18
# block15:
#   v43 = copy v39
#   ; line 18
#   v44 = iconst.i64 1103515245
#   v45 = copy v44
#   v46 = imul v3, v45
#   v47 = iconst.i1 0
#   v48 = copy v46
#   v49 = iconst.i64 12345
#   v50 = copy v49
#   v51 = iadd v48, v50
#   v52 = iconst.i1 0
#   v53 = copy v51
#   v54 = iconst.i64 2147483648
#   v55 = copy v54
#   v56 = iconst.i64 2147483647
#   v57 = band v53, v56
#   v58 = copy v57
#   v3 = copy v58
#   ; line 19
#   v59 = iconst.i64 1073741824
#   v60 = copy v59
#   v61 = icmp slt v3, v60
#   v62 = copy v61
#   v63 = copy v62
#   v64 = copy v36
#   v65 = copy v37
#   v66 = copy v38
#   v67 = copy v36
#   v68 = copy v37
#   v69 = copy v38
#   brif v63, block17, block16
# block16:
#   v70 = poll_pending
#   brif v70, block20, block19
# block17:
#   ; line 20
#   v77 = iconst.i64 1
#   v78 = copy v77
#   v79 = iadd v9, v78
#   v80 = iconst.i1 0
#   v81 = copy v79
#   v9 = copy v81
#   v82 = poll_pending
#   brif v82, block22, block21
# block18:
#   ; line 21
#   return v9
# block19:
#   ; line 19
#   v23 = copy v67
#   v24 = copy v68
#   v25 = copy v69
#   jump block14
# block20:
#   v71 = depth
#   v72 = call_helper pynum_safepoint(v71)
#   v73 = iconst.i64 1
#   v74 = icmp eq v72, v73
#   exit_if v74, deopt 2
#   v75 = iconst.i64 2
#   v76 = icmp eq v72, v75
#   exit_if v76, tier_up block19
#   jump block19
# block21:
#   ; line 20
#   v23 = copy v64
#   v24 = copy v65
#   v25 = copy v66
#   jump block14
# block22:
#   v83 = depth
#   v84 = call_helper pynum_safepoint(v83)
#   v85 = iconst.i64 1
#   v86 = icmp eq v84, v85
#   exit_if v86, deopt 4
#   v87 = iconst.i64 2
#   v88 = icmp eq v84, v87
#   exit_if v88, tier_up block21
#   jump block21
# ---- LIR countdown(int64) ----
# deopt 0: "an int left 64 bits" line 26
# deopt 1: "a signal arrived (Ctrl-C)" line 26
#
# function "countdown(int64)"(v0: i64) -> i64
#   vars v1: i64, v2: i64, v3: i64, v4: i1, v5: i64, v6: i64, v7: i64, v8: i64
#   vars v9: i64, v10: i64, v11: i1, v12: i1, v13: i64, v14: i64, v15: i1, v16: i64
#   vars v17: i64, v18: i64, v19: i64, v20: i64, v21: i64, v22: i64, v23: i64, v24: i64
#   vars v25: i64, v26: i64, v27: i64, v28: i64, v29: i64, v30: i64, v31: i64, v32: i64
#   vars v33: i1, v34: i64, v35: i64, v36: i64, v37: i64, v38: i1, v39: i64, v40: i1
#   vars v41: i64, v42: i64, v43: i64, v44: i64, v45: i64, v46: i64, v47: i64, v48: i64
#   vars v49: i64, v50: i1, v51: i64, v52: i1, v53: i64, v54: i64, v55: i64, v56: i1
#   vars v57: i64, v58: i1
# block0:
#   ; line 23
#   v1 = copy v0
#   v2 = depth
#   v3 = iconst.i64 0
#   v4 = icmp sle v2, v3
#   exit_if v4, status RecursionLimit
#   jump block1
# block1:
#   ; line 24
#   v5 = iconst.i64 0
#   v6 = copy v5
#   v7 = copy v6
#   ; line 25
#   v8 = copy v5
#   v9 = iconst.i64 -3
#   v10 = copy v9
#   v11 = icmp eq v10, v5
#   v12 = icmp sgt v10, v5
#   v13 = select v12, v1, v8
#   v14 = select v12, v8, v1
#   v15 = icmp slt v13, v14
#   v16 = isub v14, v13
#   v17 = ineg v10
#   v18 = select v12, v10, v17
#   v19 = iconst.i64 -1
#   v20 = iadd v16, v19
#   v21 = udiv v20, v18
#   v22 = iconst.i64 1
#   v23 = iadd v21, v22
#   v24 = select v15, v23, v5
#   v25 = copy v1
#   v26 = copy v24
#   v27 = copy v10
#   v28 = copy v25
#   v29 = copy v26
#   v30 = copy v27
#   jump block2
# block2:
#   v31 = copy v28
#   v32 = iconst.i64 0
#   v33 = icmp ne v29, v32
#   v34 = iadd v28, v30
#   v28 = copy v34
#   v35 = iconst.i64 -1
#   v36 = iadd v29, v35
#   v29 = copy v36
#   v37 = copy v31
#   v38 = copy v33
#   v39 = copy v37
#   v40 = copy v38
#   v41 = copy v28
#   v42 = copy v29
#   v43 = copy v30
#   v44 = copy v39
#   v45 = copy v28
#   v46 = copy v29
#   v47 = copy v30
#   brif v40, block3, block4
# block3:
#   v48 = copy v44
#   ; line 26
#   v49, v50 = sadd_overflow v7, v48
#   exit_if v50, deopt 0
#   v51 = copy v49
#   v7 = copy v51
#   v52 = poll_pending
#   brif v52, block6, block5
# block4:
#   ; line 27
#   return v7
# block5:
#   ; line 26
#   v28 = copy v41
#   v29 = copy v42
#   v30 = copy v43
#   jump block2
# block6:
#   v53 = depth
#   v54 = call_helper pynum_safepoint(v53)
#   v55 = iconst.i64 1
#   v56 = icmp eq v54, v55
#   exit_if v56, deopt 1
#   v57 = iconst.i64 2
#   v58 = icmp eq v54, v57
#   exit_if v58, tier_up block5
#   jump block5
