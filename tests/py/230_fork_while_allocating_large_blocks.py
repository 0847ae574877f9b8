# Blocks of 256 KiB and more come from pynum's own large-block allocator
# (vm/src/large_blocks.rs), which keeps freed ones behind a lock. A fork while another
# thread holds that lock must not leave the child waiting on it forever: the children
# below allocate large blocks at once, while a thread of the parent keeps allocating
# and freeing them.
import os
import threading

stop = False


def churn():
    while not stop:
        block = [0] * 100_000
        grown = list(range(70_000))
        del block, grown


worker = threading.Thread(target=churn)
worker.start()
statuses = []
for child in range(30):
    pid = os.fork()
    if pid == 0:
        values = [child] * 200_000
        values.extend(range(50_000))
        os._exit(0 if len(values) == 250_000 and values[0] == child else 1)
    statuses.append(os.waitpid(pid, 0)[1])
stop = True
worker.join()
print(statuses.count(0), "children exited cleanly")
