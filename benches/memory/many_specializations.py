# args: 1000
# Many small compiled functions: N distinct functions, each called once, so automatic
# mode (with PYNUM_JIT_THRESHOLD=0) compiles N native specializations. The functions
# live in a module written to a temporary folder because the JIT compiles functions it
# can read the source of. benches/jit_memory.py runs it at N and 0 to give the memory
# each specialization costs, from the resident set size this prints to stderr at the end.
import os
import shutil
import sys
import tempfile

count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
folder = tempfile.mkdtemp(prefix="pynum-specializations-")
try:
    with open(os.path.join(folder, "generated_functions.py"), "w", encoding="utf-8") as module:
        for k in range(count):
            module.write(f"def f{k}(n):\n    total = {k}\n    for i in range(n):\n        total += i * {k + 1} % 7\n    return total\n\n\n")
    sys.path.insert(0, folder)
    import generated_functions

    checksum = sum(getattr(generated_functions, f"f{k}")(50) for k in range(count))
finally:
    shutil.rmtree(folder, ignore_errors=True)
print(count, checksum)
if os.path.exists("/proc/self/status"):
    with open("/proc/self/status", encoding="utf-8") as status:
        sys.stderr.write("".join(line for line in status if line.startswith("VmRSS:")))
