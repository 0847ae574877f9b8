# Processes forked while the parent's compile thread may be compiling: a child has no
# compile thread and compiles its own warm functions on the process-wide Cranelift
# engine, which the compile thread never locks (a lock held across fork would be held for
# ever in the child). Each child's answer comes back as its exit status.
import os, sys
def mix(a, b):
    return (a * 31 + b) % 1000003
steps = []
t = 0
pids = []
for k in range(20000):
    steps.append(k)
    t = mix(t, k)
    if k % 2000 == 1999:
        pid = os.fork()
        if pid == 0:
            s = 0
            for j in range(3000 + k):
                steps.append(j)
                s = mix(s, j)
            os._exit(s % 251)
        pids.append(pid)
codes = [os.waitpid(p, 0)[1] >> 8 for p in pids]
print("parent", t, codes)
