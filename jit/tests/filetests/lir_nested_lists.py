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
#   vars v58: i64, v59: i64, v60: i64, v61: i1, v62: i64, v63: i1, v64: i64, v65: i64
#   vars v66: i64, v67: i64, v68: i64, v69: i64, v70: i64, v71: i1, v72: i1, v73: i64
#   vars v74: i64, v75: i1, v76: i64, v77: i64, v78: i64, v79: i64, v80: i64, v81: i64
#   vars v82: i64, v83: i64, v84: i64, v85: i64, v86: i1, v87: i64, v88: i64, v89: i64
#   vars v90: i64, v91: i1, v92: i64, v93: i1, v94: i64, v95: i64, v96: i64, v97: i64
#   vars v98: i64, v99: i64, v100: i64, v101: i64, v102: i64, v103: i64, v104: ptr, v105: ptr
#   vars v106: ptr, v107: ptr, v108: i64, v109: i64, v110: i64, v111: i64, v112: i64, v113: i64
#   vars v114: i1, v115: i1, v116: i64, v117: i64, v118: i1, v119: i64, v120: i64, v121: i64
#   vars v122: i64, v123: i64, v124: i64, v125: i64, v126: i64, v127: i64, v128: i64, v129: i64
#   vars v130: i64, v131: i64, v132: i1, v133: i64, v134: i64, v135: i64, v136: i64, v137: i1
#   vars v138: i64, v139: i1, v140: i64, v141: i64, v142: i64, v143: i64, v144: i64, v145: i64
#   vars v146: i64, v147: i64, v148: i64, v149: i64, v150: i64, v151: i64, v152: i64, v153: i64
#   vars v154: i64, v155: i1, v156: i64, v157: i64, v158: ptr, v159: f64, v160: f64, v161: f64
#   vars v162: f64, v163: f64, v164: f64, v165: i64, v166: i1, v167: i64, v168: ptr, v169: i1
#   vars v170: i64, v171: i64, v172: i64, v173: i1, v174: i64, v175: i1, v176: i1, v177: i64
#   vars v178: i64, v179: i64, v180: i1, v181: i64, v182: i1, v183: i64, v184: i1, v185: i1
#   vars v186: i1, v187: i64, v188: i64, v189: i64, v190: i64, v191: i64, v192: i64, v193: i1
#   vars v194: i64, v195: i64, v196: i64, v197: i64, v198: i1, v199: i64, v200: i1, v201: i64
#   vars v202: i64, v203: i64
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
#   v10 = copy v27
#   v11 = copy v28
#   jump block11
# block4:
#   ; line 11
#   v64 = load.i64 v1+0
#   v65 = copy v64
#   v66 = copy v65
#   ; line 12
#   v67 = iconst.i64 0
#   v68 = copy v67
#   v69 = iconst.i64 1
#   v70 = copy v69
#   v71 = iconst.i1 0
#   v72 = iconst.i1 1
#   v73 = copy v68
#   v74 = copy v66
#   v75 = icmp slt v73, v74
#   v76 = isub v74, v73
#   v77 = select v75, v76, v67
#   v78 = copy v68
#   v79 = copy v77
#   v80 = copy v70
#   v81 = copy v78
#   v82 = copy v79
#   v83 = copy v80
#   jump block5
# block5:
#   v84 = copy v81
#   v85 = iconst.i64 0
#   v86 = icmp ne v82, v85
#   v87 = iadd v81, v83
#   v81 = copy v87
#   v88 = iconst.i64 -1
#   v89 = iadd v82, v88
#   v82 = copy v89
#   v90 = copy v84
#   v91 = copy v86
#   v92 = copy v90
#   v93 = copy v91
#   v94 = copy v81
#   v95 = copy v82
#   v96 = copy v83
#   v97 = copy v92
#   v98 = copy v81
#   v99 = copy v82
#   v100 = copy v83
#   brif v93, block6, block10
# block6:
#   v101 = copy v97
#   ; line 13
#   v102 = iconst.i64 3
#   v103 = ishl v101, v102
#   v104 = iadd v1, v103
#   v105 = load.ptr v104+8
#   v106 = copy v105
#   v107 = copy v106
#   ; line 14
#   v108 = load.i64 v107+0
#   v109 = copy v108
#   v110 = iconst.i64 0
#   v111 = copy v110
#   v112 = iconst.i64 1
#   v113 = copy v112
#   v114 = iconst.i1 0
#   v115 = iconst.i1 1
#   v116 = copy v111
#   v117 = copy v109
#   v118 = icmp slt v116, v117
#   v119 = isub v117, v116
#   v120 = select v118, v119, v110
#   v121 = copy v111
#   v122 = copy v120
#   v123 = copy v113
#   v124 = copy v94
#   v125 = copy v95
#   v126 = copy v96
#   v127 = copy v121
#   v128 = copy v122
#   v129 = copy v123
#   v183 = copy v128
#   jump block20
# block7:
#   v130 = copy v127
#   v131 = iconst.i64 0
#   v132 = icmp ne v128, v131
#   v133 = iadd v127, v129
#   v127 = copy v133
#   v134 = iconst.i64 -1
#   v135 = iadd v128, v134
#   v128 = copy v135
#   v136 = copy v130
#   v137 = copy v132
#   v138 = copy v136
#   v139 = copy v137
#   v140 = copy v124
#   v141 = copy v125
#   v142 = copy v126
#   v143 = copy v127
#   v144 = copy v128
#   v145 = copy v129
#   v146 = copy v138
#   v147 = copy v124
#   v148 = copy v125
#   v149 = copy v126
#   v150 = copy v127
#   v151 = copy v128
#   v152 = copy v129
#   jump block8
# block8:
#   v153 = copy v146
#   ; line 15
#   v154 = load.i64 v107+0
#   v155 = icmp uge v153, v154
#   exit_if v155, deopt 4
#   v156 = iconst.i64 3
#   v157 = ishl v153, v156
#   v158 = iadd v107, v157
#   v159 = load.f64 v158+8
#   v160 = copy v159
#   v161 = fconst 0.5
#   v162 = copy v161
#   v163 = fmul v160, v162
#   v164 = copy v163
#   v165 = load.i64 v107+0
#   v166 = icmp uge v153, v165
#   exit_if v166, deopt 5
#   v167 = ishl v153, v156
#   v168 = iadd v107, v167
#   store.f64 v164, v168+8
#   v124 = copy v140
#   v125 = copy v141
#   v126 = copy v142
#   v127 = copy v143
#   v128 = copy v144
#   v129 = copy v145
#   jump block14
# block9:
#   ; line 14
#   v81 = copy v147
#   v82 = copy v148
#   v83 = copy v149
#   jump block17
# block10:
#   ; line 16
#   return v66
# block11:
#   ; line 10
#   v57 = poll_pending
#   brif v57, block13, block12
# block12:
#   jump block2
# block13:
#   v58 = depth
#   v59 = call_helper pynum_safepoint(v58)
#   v60 = iconst.i64 1
#   v61 = icmp eq v59, v60
#   exit_if v61, deopt 3
#   v62 = iconst.i64 2
#   v63 = icmp eq v59, v62
#   exit_if v63, tier_up block12
#   jump block12
# block14:
#   ; line 15
#   jump block15
# block15:
#   jump block20
# block16:
#   v170 = depth
#   v171 = call_helper pynum_safepoint(v170)
#   v172 = iconst.i64 1
#   v173 = icmp eq v171, v172
#   exit_if v173, deopt 6
#   v174 = iconst.i64 2
#   v175 = icmp eq v171, v174
#   exit_if v175, tier_up block20
#   jump block20
# block17:
#   ; line 14
#   v176 = poll_pending
#   brif v176, block19, block18
# block18:
#   jump block5
# block19:
#   v177 = depth
#   v178 = call_helper pynum_safepoint(v177)
#   v179 = iconst.i64 1
#   v180 = icmp eq v178, v179
#   exit_if v180, deopt 7
#   v181 = iconst.i64 2
#   v182 = icmp eq v178, v181
#   exit_if v182, tier_up block18
#   jump block18
# block20:
#   v184 = icmp ne v128, v183
#   brif v184, block7, block21
# block21:
#   v187 = iconst.i64 0
#   v185 = icmp ne v128, v187
#   brif v185, block23, block22
# block22:
#   v191 = copy v127
#   v192 = iconst.i64 0
#   v193 = icmp ne v128, v192
#   v194 = iadd v127, v129
#   v127 = copy v194
#   v195 = iconst.i64 -1
#   v196 = iadd v128, v195
#   v128 = copy v196
#   v197 = copy v191
#   v198 = copy v193
#   v199 = copy v197
#   v200 = copy v198
#   v140 = copy v124
#   v141 = copy v125
#   v142 = copy v126
#   v143 = copy v127
#   v144 = copy v128
#   v145 = copy v129
#   v146 = copy v199
#   v147 = copy v124
#   v148 = copy v125
#   v149 = copy v126
#   v201 = copy v127
#   v202 = copy v128
#   v203 = copy v129
#   jump block9
# block23:
#   v188 = iconst.i64 1
#   v190 = isub v128, v188
#   v189 = iconst.i64 -4096
#   v183 = band v190, v189
#   v186 = poll_pending
#   brif v186, block16, block20
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
#   vars v65: i64, v66: i1, v67: i64, v68: i1, v69: i64, v70: i64, v71: i64, v72: i1
#   vars v73: i64, v74: i1, v75: i1, v76: i64, v77: i64, v78: i64, v79: i1, v80: i64
#   vars v81: i1
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
#   v36 = copy v55
#   v37 = copy v56
#   v38 = copy v57
#   v39 = copy v58
#   jump block8
# block6:
#   ; line 21
#   v10 = copy v60
#   v11 = copy v61
#   jump block11
# block7:
#   ; line 23
#   return v7
# block8:
#   ; line 22
#   v68 = poll_pending
#   brif v68, block10, block9
# block9:
#   jump block4
# block10:
#   v69 = depth
#   v70 = call_helper pynum_safepoint(v69)
#   v71 = iconst.i64 1
#   v72 = icmp eq v70, v71
#   exit_if v72, deopt 1
#   v73 = iconst.i64 2
#   v74 = icmp eq v70, v73
#   exit_if v74, tier_up block9
#   jump block9
# block11:
#   ; line 21
#   v75 = poll_pending
#   brif v75, block13, block12
# block12:
#   jump block2
# block13:
#   v76 = depth
#   v77 = call_helper pynum_safepoint(v76)
#   v78 = iconst.i64 1
#   v79 = icmp eq v77, v78
#   exit_if v79, deopt 2
#   v80 = iconst.i64 2
#   v81 = icmp eq v77, v80
#   exit_if v81, tier_up block12
#   jump block12
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
#   v9 = iconst.i1 1
#   v10 = iadd v6, v7
#   v11 = copy v10
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
#   v21 = iconst.i1 1
#   v22 = iadd v19, v20
#   v23 = copy v22
#   v24 = load.i64 v18+0
#   v25 = icmp uge v23, v24
#   exit_if v25, deopt 1
#   v26 = ishl v23, v14
#   v27 = iadd v18, v26
#   v28 = load.f64 v27+8
#   v29 = copy v28
#   return v29
