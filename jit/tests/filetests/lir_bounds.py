# test: lir
# signature: sum_squares(int64)
# signature: lcg(int64, int64)
# signature: countdown(int64)
# The bounds pass: a root function with loops gets a copy for int arguments below a
# bound (2**29, or 2**20 when that proves more), in which
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
#   vars v57: i64, v58: i1, v59: i64, v60: i64, v61: i64, v62: i64, v63: i1, v64: i64
#   vars v65: i64, v66: i64, v67: i64, v68: i64, v69: i64, v70: i1, v71: i1, v72: i64
#   vars v73: i64, v74: i1, v75: i64, v76: i64, v77: i64, v78: i64, v79: i64, v80: i64
#   vars v81: i64, v82: i64, v83: i64, v84: i64, v85: i1, v86: i64, v87: i64, v88: i64
#   vars v89: i64, v90: i1, v91: i64, v92: i1, v93: i64, v94: i64, v95: i64, v96: i64
#   vars v97: i64, v98: i64, v99: i64, v100: i64, v101: i64, v102: i1, v103: i64, v104: i64
#   vars v105: i64, v106: i64, v107: i64, v108: i64, v109: i1, v110: i64, v111: i1, v112: i64
#   vars v113: i64, v114: i64, v115: i1, v116: i64, v117: i1, v118: i64, v119: i64, v120: i1
#   vars v121: i64, v122: i1, v123: i64, v124: i1, v125: i1, v126: i1, v127: i64, v128: i64
#   vars v129: i64, v130: i64, v131: i64, v132: i64, v133: i1, v134: i64, v135: i64, v136: i64
#   vars v137: i64, v138: i1, v139: i64, v140: i1, v141: i64, v142: i64, v143: i64, v144: i64
#   vars v145: i1, v146: i1, v147: i1, v148: i64, v149: i64, v150: i64, v151: i64, v152: i64
#   vars v153: i64, v154: i1, v155: i64, v156: i64, v157: i64, v158: i64, v159: i1, v160: i64
#   vars v161: i1, v162: i64, v163: i64, v164: i64
# block0:
#   ; line 9
#   v118 = iconst.i64 536870912
#   v119 = iconst.i64 1073741824
#   v120 = iconst.i1 1
#   v121 = iadd v0, v118
#   v122 = icmp ult v121, v119
#   v120 = band v120, v122
#   brif v120, block9, block1
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
#   v11 = iconst.i1 0
#   v12 = iconst.i1 1
#   v13 = copy v8
#   v14 = copy v1
#   v15 = icmp slt v13, v14
#   v16 = isub v14, v13
#   v17 = select v15, v16, v5
#   v18 = copy v8
#   v19 = copy v17
#   v20 = copy v10
#   v21 = copy v18
#   v22 = copy v19
#   v23 = copy v20
#   v123 = copy v22
#   jump block17
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
#   jump block4
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
#   v21 = copy v34
#   v22 = copy v35
#   v23 = copy v36
#   jump block6
# block5:
#   ; line 13
#   return v7
# block6:
#   ; line 12
#   jump block7
# block7:
#   jump block17
# block8:
#   v53 = depth
#   v54 = call_helper pynum_safepoint(v53)
#   v55 = iconst.i64 1
#   v56 = icmp eq v54, v55
#   exit_if v56, deopt 2
#   v57 = iconst.i64 2
#   v58 = icmp eq v54, v57
#   exit_if v58, tier_up block17
#   jump block17
# block9:
#   ; line 9
#   v60 = copy v0
#   v61 = depth
#   v62 = iconst.i64 0
#   v63 = icmp sle v61, v62
#   exit_if v63, status RecursionLimit
#   jump block10
# block10:
#   ; line 10
#   v64 = iconst.i64 0
#   v65 = copy v64
#   v66 = copy v65
#   ; line 11
#   v67 = copy v64
#   v68 = iconst.i64 1
#   v69 = copy v68
#   v70 = iconst.i1 0
#   v71 = iconst.i1 1
#   v72 = copy v67
#   v73 = copy v60
#   v74 = icmp slt v72, v73
#   v75 = isub v73, v72
#   v76 = select v74, v75, v64
#   v77 = copy v67
#   v78 = copy v76
#   v79 = copy v69
#   v80 = copy v77
#   v81 = copy v78
#   v82 = copy v79
#   v144 = copy v81
#   jump block21
# block11:
#   v83 = copy v80
#   v84 = iconst.i64 0
#   v85 = icmp ne v81, v84
#   v86 = iadd v80, v82
#   v80 = copy v86
#   v87 = iconst.i64 -1
#   v88 = iadd v81, v87
#   v81 = copy v88
#   v89 = copy v83
#   v90 = copy v85
#   v91 = copy v89
#   v92 = copy v90
#   v93 = copy v80
#   v94 = copy v81
#   v95 = copy v82
#   v96 = copy v91
#   v97 = copy v80
#   v98 = copy v81
#   v99 = copy v82
#   jump block12
# block12:
#   v100 = copy v96
#   ; line 12
#   v101 = imul v100, v100
#   v102 = iconst.i1 0
#   v103 = copy v101
#   v104 = iconst.i64 7
#   v105 = copy v104
#   v106 = urem v103, v105
#   v107 = copy v106
#   v108 = iadd v66, v107
#   v109 = iconst.i1 0
#   v110 = copy v108
#   v66 = copy v110
#   v80 = copy v93
#   v81 = copy v94
#   v82 = copy v95
#   jump block14
# block13:
#   ; line 13
#   return v66
# block14:
#   ; line 12
#   jump block15
# block15:
#   jump block21
# block16:
#   v112 = depth
#   v113 = call_helper pynum_safepoint(v112)
#   v114 = iconst.i64 1
#   v115 = icmp eq v113, v114
#   exit_if v115, deopt 2
#   v116 = iconst.i64 2
#   v117 = icmp eq v113, v116
#   exit_if v117, tier_up block21
#   jump block21
# block17:
#   ; line 11
#   v124 = icmp ne v22, v123
#   brif v124, block3, block18
# block18:
#   v127 = iconst.i64 0
#   v125 = icmp ne v22, v127
#   brif v125, block20, block19
# block19:
#   v131 = copy v21
#   v132 = iconst.i64 0
#   v133 = icmp ne v22, v132
#   v134 = iadd v21, v23
#   v21 = copy v134
#   v135 = iconst.i64 -1
#   v136 = iadd v22, v135
#   v22 = copy v136
#   v137 = copy v131
#   v138 = copy v133
#   v139 = copy v137
#   v140 = copy v138
#   v34 = copy v21
#   v35 = copy v22
#   v36 = copy v23
#   v37 = copy v139
#   v141 = copy v21
#   v142 = copy v22
#   v143 = copy v23
#   jump block5
# block20:
#   v128 = iconst.i64 1
#   v130 = isub v22, v128
#   v129 = iconst.i64 -4096
#   v123 = band v130, v129
#   v126 = poll_pending
#   brif v126, block8, block17
# block21:
#   v145 = icmp ne v81, v144
#   brif v145, block11, block22
# block22:
#   v148 = iconst.i64 0
#   v146 = icmp ne v81, v148
#   brif v146, block24, block23
# block23:
#   v152 = copy v80
#   v153 = iconst.i64 0
#   v154 = icmp ne v81, v153
#   v155 = iadd v80, v82
#   v80 = copy v155
#   v156 = iconst.i64 -1
#   v157 = iadd v81, v156
#   v81 = copy v157
#   v158 = copy v152
#   v159 = copy v154
#   v160 = copy v158
#   v161 = copy v159
#   v93 = copy v80
#   v94 = copy v81
#   v95 = copy v82
#   v96 = copy v160
#   v162 = copy v80
#   v163 = copy v81
#   v164 = copy v82
#   jump block13
# block24:
#   v149 = iconst.i64 1
#   v151 = isub v81, v149
#   v150 = iconst.i64 -4096
#   v144 = band v151, v150
#   v147 = poll_pending
#   brif v147, block16, block21
# ---- LIR lcg(int64, int64) ----
# deopt 0: "an int left 64 bits" line 18
# deopt 1: "an int left 64 bits" line 18
# deopt 2: "a signal arrived (Ctrl-C)" line 19
# deopt 3: "an int left 64 bits" line 20
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
#   vars v82: i64, v83: i64, v84: i64, v85: i64, v86: i64, v87: i64, v88: i1, v89: i64
#   vars v90: i64, v91: i64, v92: i64, v93: i64, v94: i64, v95: i1, v96: i1, v97: i64
#   vars v98: i64, v99: i1, v100: i64, v101: i64, v102: i64, v103: i64, v104: i64, v105: i64
#   vars v106: i64, v107: i64, v108: i64, v109: i64, v110: i1, v111: i64, v112: i64, v113: i64
#   vars v114: i64, v115: i1, v116: i64, v117: i1, v118: i64, v119: i64, v120: i64, v121: i64
#   vars v122: i64, v123: i64, v124: i64, v125: i64, v126: i64, v127: i64, v128: i64, v129: i1
#   vars v130: i64, v131: i64, v132: i64, v133: i64, v134: i1, v135: i64, v136: i64, v137: i64
#   vars v138: i64, v139: i64, v140: i64, v141: i64, v142: i64, v143: i1, v144: i1, v145: i1
#   vars v146: i64, v147: i64, v148: i64, v149: i64, v150: i64, v151: i64, v152: i1, v153: i64
#   vars v154: i64, v155: i64, v156: i1, v157: i64, v158: i1, v159: i64, v160: i64, v161: i64
#   vars v162: i1, v163: i64, v164: i64, v165: i64, v166: i1, v167: i64, v168: i1, v169: i64
#   vars v170: i1, v171: i64, v172: i64, v173: i64
# block0:
#   ; line 15
#   v164 = iconst.i64 536870912
#   v165 = iconst.i64 1073741824
#   v166 = iconst.i1 1
#   v167 = iadd v0, v164
#   v168 = icmp ult v167, v165
#   v166 = band v166, v168
#   v169 = iadd v2, v164
#   v170 = icmp ult v169, v165
#   v166 = band v166, v170
#   brif v166, block11, block1
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
#   v13 = iconst.i1 0
#   v14 = iconst.i1 1
#   v15 = copy v10
#   v16 = copy v1
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
#   v171 = iconst.i64 8358173644
#   v172 = iconst.i64 16716347289
#   v173 = iadd v3, v171
#   v47 = icmp uge v173, v172
#   v46 = imul v3, v45
#   exit_if v47, deopt 0
#   v48 = copy v46
#   v49 = iconst.i64 12345
#   v50 = copy v49
#   v52 = iconst.i1 0
#   v51 = iadd v48, v50
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
#   v23 = copy v67
#   v24 = copy v68
#   v25 = copy v69
#   jump block8
# block6:
#   ; line 20
#   v77 = iconst.i64 1
#   v78 = copy v77
#   v79, v80 = sadd_overflow v9, v78
#   exit_if v80, deopt 3
#   v81 = copy v79
#   v9 = copy v81
#   v23 = copy v64
#   v24 = copy v65
#   v25 = copy v66
#   jump block8
# block7:
#   ; line 21
#   return v9
# block8:
#   ; line 19
#   v70 = poll_pending
#   brif v70, block10, block9
# block9:
#   jump block3
# block10:
#   v71 = depth
#   v72 = call_helper pynum_safepoint(v71)
#   v73 = iconst.i64 1
#   v74 = icmp eq v72, v73
#   exit_if v74, deopt 2
#   v75 = iconst.i64 2
#   v76 = icmp eq v72, v75
#   exit_if v76, tier_up block9
#   jump block9
# block11:
#   ; line 15
#   v83 = copy v0
#   v85 = copy v2
#   v86 = depth
#   v87 = iconst.i64 0
#   v88 = icmp sle v86, v87
#   exit_if v88, status RecursionLimit
#   jump block12
# block12:
#   ; line 16
#   v89 = iconst.i64 0
#   v90 = copy v89
#   v91 = copy v90
#   ; line 17
#   v92 = copy v89
#   v93 = iconst.i64 1
#   v94 = copy v93
#   v95 = iconst.i1 0
#   v96 = iconst.i1 1
#   v97 = copy v92
#   v98 = copy v83
#   v99 = icmp slt v97, v98
#   v100 = isub v98, v97
#   v101 = select v99, v100, v89
#   v102 = copy v92
#   v103 = copy v101
#   v104 = copy v94
#   v105 = copy v102
#   v106 = copy v103
#   v107 = copy v104
#   jump block13
# block13:
#   v108 = copy v105
#   v109 = iconst.i64 0
#   v110 = icmp ne v106, v109
#   v111 = iadd v105, v107
#   v105 = copy v111
#   v112 = iconst.i64 -1
#   v113 = iadd v106, v112
#   v106 = copy v113
#   v114 = copy v108
#   v115 = copy v110
#   v116 = copy v114
#   v117 = copy v115
#   v118 = copy v105
#   v119 = copy v106
#   v120 = copy v107
#   v121 = copy v116
#   v122 = copy v105
#   v123 = copy v106
#   v124 = copy v107
#   brif v117, block14, block17
# block14:
#   v125 = copy v121
#   ; line 18
#   v126 = iconst.i64 1103515245
#   v127 = copy v126
#   v128 = imul v85, v127
#   v129 = iconst.i1 0
#   v130 = copy v128
#   v131 = iconst.i64 12345
#   v132 = copy v131
#   v133 = iadd v130, v132
#   v134 = iconst.i1 0
#   v135 = copy v133
#   v136 = iconst.i64 2147483648
#   v137 = copy v136
#   v138 = iconst.i64 2147483647
#   v139 = band v135, v138
#   v140 = copy v139
#   v85 = copy v140
#   ; line 19
#   v141 = iconst.i64 1073741824
#   v142 = copy v141
#   v143 = icmp slt v85, v142
#   v144 = copy v143
#   v145 = copy v144
#   v146 = copy v118
#   v147 = copy v119
#   v148 = copy v120
#   v149 = copy v118
#   v150 = copy v119
#   v151 = copy v120
#   brif v145, block16, block15
# block15:
#   v105 = copy v149
#   v106 = copy v150
#   v107 = copy v151
#   jump block18
# block16:
#   ; line 20
#   v159 = iconst.i64 1
#   v160 = copy v159
#   v161 = iadd v91, v160
#   v162 = iconst.i1 0
#   v163 = copy v161
#   v91 = copy v163
#   v105 = copy v146
#   v106 = copy v147
#   v107 = copy v148
#   jump block18
# block17:
#   ; line 21
#   return v91
# block18:
#   ; line 19
#   v152 = poll_pending
#   brif v152, block20, block19
# block19:
#   jump block13
# block20:
#   v153 = depth
#   v154 = call_helper pynum_safepoint(v153)
#   v155 = iconst.i64 1
#   v156 = icmp eq v154, v155
#   exit_if v156, deopt 2
#   v157 = iconst.i64 2
#   v158 = icmp eq v154, v157
#   exit_if v158, tier_up block19
#   jump block19
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
#   vars v57: i64, v58: i1, v59: i64, v60: i1, v61: i1, v62: i1, v63: i64, v64: i64
#   vars v65: i64, v66: i64, v67: i64, v68: i64, v69: i1, v70: i64, v71: i64, v72: i64
#   vars v73: i64, v74: i1, v75: i64, v76: i1, v77: i64, v78: i64, v79: i64
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
#   v11 = iconst.i1 0
#   v12 = iconst.i1 0
#   v13 = copy v8
#   v14 = copy v1
#   v15 = icmp slt v13, v14
#   v16 = isub v14, v13
#   v17 = ineg v10
#   v18 = copy v17
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
#   v59 = copy v29
#   jump block8
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
#   jump block3
# block3:
#   v48 = copy v44
#   ; line 26
#   v49, v50 = sadd_overflow v7, v48
#   exit_if v50, deopt 0
#   v51 = copy v49
#   v7 = copy v51
#   v28 = copy v41
#   v29 = copy v42
#   v30 = copy v43
#   jump block5
# block4:
#   ; line 27
#   return v7
# block5:
#   ; line 26
#   jump block6
# block6:
#   jump block8
# block7:
#   v53 = depth
#   v54 = call_helper pynum_safepoint(v53)
#   v55 = iconst.i64 1
#   v56 = icmp eq v54, v55
#   exit_if v56, deopt 1
#   v57 = iconst.i64 2
#   v58 = icmp eq v54, v57
#   exit_if v58, tier_up block8
#   jump block8
# block8:
#   ; line 25
#   v60 = icmp ne v29, v59
#   brif v60, block2, block9
# block9:
#   v63 = iconst.i64 0
#   v61 = icmp ne v29, v63
#   brif v61, block11, block10
# block10:
#   v67 = copy v28
#   v68 = iconst.i64 0
#   v69 = icmp ne v29, v68
#   v70 = iadd v28, v30
#   v28 = copy v70
#   v71 = iconst.i64 -1
#   v72 = iadd v29, v71
#   v29 = copy v72
#   v73 = copy v67
#   v74 = copy v69
#   v75 = copy v73
#   v76 = copy v74
#   v41 = copy v28
#   v42 = copy v29
#   v43 = copy v30
#   v44 = copy v75
#   v77 = copy v28
#   v78 = copy v29
#   v79 = copy v30
#   jump block4
# block11:
#   v64 = iconst.i64 1
#   v66 = isub v29, v64
#   v65 = iconst.i64 -4096
#   v59 = band v66, v65
#   v62 = poll_pending
#   brif v62, block7, block8
