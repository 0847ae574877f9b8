# test: lir
# signature: kick(list(list(float64)), float64)
# signature: total(list(list(int64)))
# signature: corner(list(list(float64)))
# Lists of lists: an inner list is a pointer loaded from the outer list's item word;
# reads and writes through it are bounds-checked against its own length word, and an
# inner list read out of the outer one keeps no length facts (another list each time).
def kick(bodies, dt):
    for b in bodies:
        b[0] += dt * b[3]
    n = len(bodies)
    for i in range(n):
        bi = bodies[i]
        for j in range(len(bi)):
            bi[j] *= 0.5
    return n

def total(grid):
    s = 0
    for row in grid:
        for x in row:
            s += x
    return s

def corner(grid):
    return grid[-1][-1]
# ---- expected (BLESS=1 regenerates) ----
# ---- LIR kick(list(list(float64)), float64) ----
# deopt 0: "an index out of range" line 10
# deopt 1: "an index out of range" line 10
# deopt 2: "an index out of range" line 10
# deopt 3: "a signal arrived (Ctrl-C)" line 10
# deopt 4: "an index out of range" line 15
# deopt 5: "an index out of range" line 15
# deopt 6: "a signal arrived (Ctrl-C)" line 15
# deopt 7: "a signal arrived (Ctrl-C)" line 14
#
# function "kick(reflected list(reflected list(float64)), float64)"(v0: ptr, v2: f64) -> i64
#   vars v1: ptr, v3: f64, v4: i64, v5: i64, v6: i1, v7: i64, v8: ptr, v9: i64
#   vars v10: ptr, v11: i64, v12: i64, v13: i1, v14: i64, v15: i64, v16: i64, v17: i64
#   vars v18: i64, v19: i64, v20: ptr, v21: ptr, v22: i64, v23: ptr, v24: i1, v25: ptr
#   vars v26: i1, v27: ptr, v28: i64, v29: ptr, v30: ptr, v31: i64, v32: ptr, v33: i64
#   vars v34: i64, v35: i64, v36: i1, v37: i64, v38: i64, v39: ptr, v40: f64, v41: f64
#   vars v42: i64, v43: i64, v44: i1, v45: i64, v46: ptr, v47: f64, v48: f64, v49: f64
#   vars v50: f64, v51: f64, v52: f64, v53: i64, v54: i1, v55: i64, v56: ptr, v57: i1
#   vars v58: i64, v59: i64, v60: i64, v61: i64, v62: i64, v63: i64, v64: i64, v65: i1
#   vars v66: i1, v67: i64, v68: i64, v69: i1, v70: i64, v71: i64, v72: i64, v73: i64
#   vars v74: i64, v75: i64, v76: i64, v77: i64, v78: i64, v79: i64, v80: i1, v81: i64
#   vars v82: i64, v83: i64, v84: i64, v85: i1, v86: i64, v87: i1, v88: i64, v89: i64
#   vars v90: i64, v91: i64, v92: i64, v93: i64, v94: i64, v95: i64, v96: i64, v97: i64
#   vars v98: ptr, v99: ptr, v100: ptr, v101: ptr, v102: i64, v103: i64, v104: i64, v105: i64
#   vars v106: i64, v107: i64, v108: i1, v109: i1, v110: i64, v111: i64, v112: i1, v113: i64
#   vars v114: i64, v115: i64, v116: i64, v117: i64, v118: i64, v119: i64, v120: i64, v121: i64
#   vars v122: i64, v123: i64, v124: i64, v125: i64, v126: i1, v127: i64, v128: i64, v129: i64
#   vars v130: i64, v131: i1, v132: i64, v133: i1, v134: i64, v135: i64, v136: i64, v137: i64
#   vars v138: i64, v139: i64, v140: i64, v141: i64, v142: i64, v143: i64, v144: i64, v145: i64
#   vars v146: i64, v147: i64, v148: i64, v149: i1, v150: i64, v151: i64, v152: ptr, v153: f64
#   vars v154: f64, v155: f64, v156: f64, v157: f64, v158: f64, v159: i64, v160: i1, v161: i64
#   vars v162: ptr, v163: i1, v164: i1
# block0:
#   ; line 8
#   v1 = copy v0
#   v3 = copy v2
#   v4 = depth
#   v5 = iconst.i64 0
#   v6 = icmp sle v4, v5
#   exit_if v6, status RecursionLimit
#   jump block1
# block1:
#   ; line 9
#   v7 = iconst.i64 0
#   v8 = copy v1
#   v9 = copy v7
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
#   v21 = load.ptr v20+0
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
#   ; line 10
#   v33 = iconst.i64 0
#   v34 = copy v33
#   v35 = load.i64 v32+0
#   v36 = icmp uge v34, v35
#   exit_if v36, deopt 0
#   v37 = iconst.i64 3
#   v38 = ishl v34, v37
#   v39 = iadd v32, v38
#   v40 = load.f64 v39+8
#   v41 = copy v40
#   v42 = copy v37
#   v43 = load.i64 v32+0
#   v44 = icmp uge v42, v43
#   exit_if v44, deopt 1
#   v45 = ishl v42, v37
#   v46 = iadd v32, v45
#   v47 = load.f64 v46+8
#   v48 = copy v47
#   v49 = fmul v3, v48
#   v50 = copy v49
#   v51 = fadd v41, v50
#   v52 = copy v51
#   v53 = load.i64 v32+0
#   v54 = icmp uge v34, v53
#   exit_if v54, deopt 2
#   v55 = ishl v34, v37
#   v56 = iadd v32, v55
#   store.f64 v52, v56+8
#   v57 = interrupt_pending
#   exit_if v57, deopt 3
#   v10 = copy v27
#   v11 = copy v28
#   jump block2
# block4:
#   ; line 11
#   v58 = load.i64 v1+0
#   v59 = copy v58
#   v60 = copy v59
#   ; line 12
#   v61 = iconst.i64 0
#   v62 = copy v61
#   v63 = iconst.i64 1
#   v64 = copy v63
#   v65 = icmp eq v64, v61
#   exit_if v65, status RangeStepZero
#   v66 = icmp sgt v64, v61
#   v67 = select v66, v62, v60
#   v68 = select v66, v60, v62
#   v69 = icmp slt v67, v68
#   v70 = isub v68, v67
#   v71 = select v69, v70, v61
#   v72 = copy v62
#   v73 = copy v71
#   v74 = copy v64
#   v75 = copy v72
#   v76 = copy v73
#   v77 = copy v74
#   jump block5
# block5:
#   v78 = copy v75
#   v79 = iconst.i64 0
#   v80 = icmp ne v76, v79
#   v81 = iadd v75, v77
#   v75 = copy v81
#   v82 = iconst.i64 -1
#   v83 = iadd v76, v82
#   v76 = copy v83
#   v84 = copy v78
#   v85 = copy v80
#   v86 = copy v84
#   v87 = copy v85
#   v88 = copy v75
#   v89 = copy v76
#   v90 = copy v77
#   v91 = copy v86
#   v92 = copy v75
#   v93 = copy v76
#   v94 = copy v77
#   brif v87, block6, block10
# block6:
#   v95 = copy v91
#   ; line 13
#   v96 = iconst.i64 3
#   v97 = ishl v95, v96
#   v98 = iadd v1, v97
#   v99 = load.ptr v98+8
#   v100 = copy v99
#   v101 = copy v100
#   ; line 14
#   v102 = load.i64 v101+0
#   v103 = copy v102
#   v104 = iconst.i64 0
#   v105 = copy v104
#   v106 = iconst.i64 1
#   v107 = copy v106
#   v108 = icmp eq v107, v104
#   exit_if v108, status RangeStepZero
#   v109 = icmp sgt v107, v104
#   v110 = select v109, v105, v103
#   v111 = select v109, v103, v105
#   v112 = icmp slt v110, v111
#   v113 = isub v111, v110
#   v114 = select v112, v113, v104
#   v115 = copy v105
#   v116 = copy v114
#   v117 = copy v107
#   v118 = copy v88
#   v119 = copy v89
#   v120 = copy v90
#   v121 = copy v115
#   v122 = copy v116
#   v123 = copy v117
#   jump block7
# block7:
#   v124 = copy v121
#   v125 = iconst.i64 0
#   v126 = icmp ne v122, v125
#   v127 = iadd v121, v123
#   v121 = copy v127
#   v128 = iconst.i64 -1
#   v129 = iadd v122, v128
#   v122 = copy v129
#   v130 = copy v124
#   v131 = copy v126
#   v132 = copy v130
#   v133 = copy v131
#   v134 = copy v118
#   v135 = copy v119
#   v136 = copy v120
#   v137 = copy v121
#   v138 = copy v122
#   v139 = copy v123
#   v140 = copy v132
#   v141 = copy v118
#   v142 = copy v119
#   v143 = copy v120
#   v144 = copy v121
#   v145 = copy v122
#   v146 = copy v123
#   brif v133, block8, block9
# block8:
#   v147 = copy v140
#   ; line 15
#   v148 = load.i64 v101+0
#   v149 = icmp uge v147, v148
#   exit_if v149, deopt 4
#   v150 = iconst.i64 3
#   v151 = ishl v147, v150
#   v152 = iadd v101, v151
#   v153 = load.f64 v152+8
#   v154 = copy v153
#   v155 = fconst 0.5
#   v156 = copy v155
#   v157 = fmul v154, v156
#   v158 = copy v157
#   v159 = load.i64 v101+0
#   v160 = icmp uge v147, v159
#   exit_if v160, deopt 5
#   v161 = ishl v147, v150
#   v162 = iadd v101, v161
#   store.f64 v158, v162+8
#   v163 = interrupt_pending
#   exit_if v163, deopt 6
#   v118 = copy v134
#   v119 = copy v135
#   v120 = copy v136
#   v121 = copy v137
#   v122 = copy v138
#   v123 = copy v139
#   jump block7
# block9:
#   ; line 14
#   v164 = interrupt_pending
#   exit_if v164, deopt 7
#   v75 = copy v141
#   v76 = copy v142
#   v77 = copy v143
#   jump block5
# block10:
#   ; line 16
#   return v60
# ---- LIR total(list(list(int64))) ----
# deopt 0: "an int left 64 bits" line 22
# deopt 1: "a signal arrived (Ctrl-C)" line 22
# deopt 2: "a signal arrived (Ctrl-C)" line 21
#
# function "total(reflected list(reflected list(int64)))"(v0: ptr) -> i64
#   vars v1: ptr, v2: i64, v3: i64, v4: i1, v5: i64, v6: i64, v7: i64, v8: ptr
#   vars v9: i64, v10: ptr, v11: i64, v12: i64, v13: i1, v14: i64, v15: i64, v16: i64
#   vars v17: i64, v18: i64, v19: i64, v20: ptr, v21: ptr, v22: i64, v23: ptr, v24: i1
#   vars v25: ptr, v26: i1, v27: ptr, v28: i64, v29: ptr, v30: ptr, v31: i64, v32: ptr
#   vars v33: i64, v34: ptr, v35: i64, v36: ptr, v37: i64, v38: ptr, v39: i64, v40: i64
#   vars v41: i1, v42: i64, v43: i64, v44: i64, v45: i64, v46: i64, v47: i64, v48: ptr
#   vars v49: i64, v50: i64, v51: i64, v52: i1, v53: i64, v54: i1, v55: ptr, v56: i64
#   vars v57: ptr, v58: i64, v59: i64, v60: ptr, v61: i64, v62: ptr, v63: i64, v64: i64
#   vars v65: i64, v66: i1, v67: i64, v68: i1, v69: i1
# block0:
#   ; line 18
#   v1 = copy v0
#   v2 = depth
#   v3 = iconst.i64 0
#   v4 = icmp sle v2, v3
#   exit_if v4, status RecursionLimit
#   jump block1
# block1:
#   ; line 19
#   v5 = iconst.i64 0
#   v6 = copy v5
#   v7 = copy v6
#   ; line 20
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
#   v21 = load.ptr v20+0
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
#   brif v26, block3, block7
# block3:
#   v32 = copy v29
#   ; line 21
#   v33 = iconst.i64 0
#   v34 = copy v32
#   v35 = copy v33
#   v36 = copy v27
#   v37 = copy v28
#   v38 = copy v34
#   v39 = copy v35
#   jump block4
# block4:
#   v40 = load.i64 v38+0
#   v41 = icmp slt v39, v40
#   v42 = iconst.i64 1
#   v43 = iadd v39, v42
#   v44 = iconst.i64 0
#   v45 = select v41, v43, v44
#   v46 = iconst.i64 3
#   v47 = ishl v45, v46
#   v48 = iadd v38, v47
#   v49 = load.i64 v48+0
#   v50 = iadd v39, v42
#   v39 = copy v50
#   v51 = copy v49
#   v52 = copy v41
#   v53 = copy v51
#   v54 = copy v52
#   v55 = copy v36
#   v56 = copy v37
#   v57 = copy v38
#   v58 = copy v39
#   v59 = copy v53
#   v60 = copy v36
#   v61 = copy v37
#   v62 = copy v38
#   v63 = copy v39
#   brif v54, block5, block6
# block5:
#   v64 = copy v59
#   ; line 22
#   v65, v66 = sadd_overflow v7, v64
#   exit_if v66, deopt 0
#   v67 = copy v65
#   v7 = copy v67
#   v68 = interrupt_pending
#   exit_if v68, deopt 1
#   v36 = copy v55
#   v37 = copy v56
#   v38 = copy v57
#   v39 = copy v58
#   jump block4
# block6:
#   ; line 21
#   v69 = interrupt_pending
#   exit_if v69, deopt 2
#   v10 = copy v60
#   v11 = copy v61
#   jump block2
# block7:
#   ; line 23
#   return v7
# ---- LIR corner(list(list(float64))) ----
# deopt 0: "an index out of range" line 26
# deopt 1: "an index out of range" line 26
#
# function "corner(reflected list(reflected list(float64)))"(v0: ptr) -> f64
#   vars v1: ptr, v2: i64, v3: i64, v4: i1, v5: i64, v6: i64, v7: i64, v8: i64
#   vars v9: i1, v10: i64, v11: i64, v12: i64, v13: i1, v14: i64, v15: i64, v16: ptr
#   vars v17: ptr, v18: ptr, v19: i64, v20: i64, v21: i1, v22: i64, v23: i64, v24: i64
#   vars v25: i1, v26: i64, v27: ptr, v28: f64, v29: f64
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
#   v5 = iconst.i64 -1
#   v6 = copy v5
#   v7 = load.i64 v1+0
#   v8 = iconst.i64 0
#   v9 = icmp slt v6, v8
#   v10 = iadd v6, v7
#   v11 = select v9, v10, v6
#   v12 = load.i64 v1+0
#   v13 = icmp uge v11, v12
#   exit_if v13, deopt 0
#   v14 = iconst.i64 3
#   v15 = ishl v11, v14
#   v16 = iadd v1, v15
#   v17 = load.ptr v16+8
#   v18 = copy v17
#   v19 = copy v5
#   v20 = load.i64 v18+0
#   v21 = icmp slt v19, v8
#   v22 = iadd v19, v20
#   v23 = select v21, v22, v19
#   v24 = load.i64 v18+0
#   v25 = icmp uge v23, v24
#   exit_if v25, deopt 1
#   v26 = ishl v23, v14
#   v27 = iadd v18, v26
#   v28 = load.f64 v27+8
#   v29 = copy v28
#   return v29
