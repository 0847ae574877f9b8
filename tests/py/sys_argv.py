# args: alpha beta --gamma 3
# sys.argv: the harness passes the arguments declared on the first line.
import sys

print(sys.argv[1:])
print(len(sys.argv))
print(sys.argv[0].endswith("sys_argv.py"))
args = sys.argv[1:]
positional = [a for a in args if not a.startswith("--")]
options = {}
i = 0
while i < len(args):
    if args[i].startswith("--") and i + 1 < len(args):
        options[args[i][2:]] = args[i + 1]
        i += 2
    else:
        i += 1
print("positional:", positional)
print("options:", options)
print("gamma squared:", int(options.get("gamma", "0")) ** 2)
for index, arg in enumerate(sys.argv[1:], start=1):
    print(f"argv[{index}] = {arg!r} ({len(arg)} chars, upper={arg.upper()})")
print(" ".join(reversed(sys.argv[1:])))
print(all(isinstance(a, str) for a in sys.argv), "--gamma" in sys.argv, sys.argv.index("beta") if "beta" in sys.argv else -1)
