# argparse: parse fixed argument lists (positionals, options, flags, choices, nargs, subcommands).
import argparse


def build():
    parser = argparse.ArgumentParser(prog="tool", description="demo tool")
    parser.add_argument("source")
    parser.add_argument("dest", nargs="?", default="out.txt")
    parser.add_argument("-v", "--verbose", action="count", default=0)
    parser.add_argument("-n", "--number", type=int, default=1)
    parser.add_argument("--ratio", type=float)
    parser.add_argument("--mode", choices=["fast", "slow"], default="fast")
    parser.add_argument("--tag", action="append", dest="tags")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--no-color", action="store_false", dest="color")
    parser.add_argument("--files", nargs="+", default=[])
    parser.add_argument("--pair", nargs=2, metavar=("A", "B"))
    return parser


def show(ns):
    print(sorted(vars(ns).items()))


parser = build()
show(parser.parse_args(["input.txt"]))
show(parser.parse_args(["in", "out", "-vvv", "-n", "5", "--ratio", "0.25", "--mode", "slow"]))
show(parser.parse_args(["a", "--tag", "x", "--tag=y", "--dry-run", "--no-color", "--files", "f1", "f2"]))
show(parser.parse_args(["--pair", "1", "2", "--number=7", "src"]))
ns = parser.parse_args(["s", "-v", "--verbose"])
print(ns.source, ns.dest, ns.verbose, ns.number, ns.tags, ns.dry_run, ns.color)
args, extra = parser.parse_known_args(["s", "d", "--unknown=value", "-n", "2"])
print(args.number, extra)
print(parser.prog, parser.description)

sub_parser = argparse.ArgumentParser(prog="git")
subs = sub_parser.add_subparsers(dest="command")
commit = subs.add_parser("commit")
commit.add_argument("-m", "--message", required=True)
commit.add_argument("--amend", action="store_true")
push = subs.add_parser("push")
push.add_argument("remote", nargs="?", default="origin")
push.add_argument("--force", "-f", action="store_true")
for argv in (["commit", "-m", "fix bug"], ["commit", "--amend", "-m", "x"], ["push"], ["push", "upstream", "-f"]):
    show(sub_parser.parse_args(argv))

group_parser = argparse.ArgumentParser(prog="g")
group = group_parser.add_mutually_exclusive_group()
group.add_argument("--json", action="store_true")
group.add_argument("--xml", action="store_true")
group_parser.add_argument("--level", type=int, choices=range(1, 4), default=2)
show(group_parser.parse_args(["--json", "--level", "3"]))
ns = argparse.Namespace(a=1, b="two")
print(ns.a, ns.b, vars(ns), argparse.Namespace(x=1) == argparse.Namespace(x=1))
ns2 = group_parser.parse_args(["--xml"], namespace=argparse.Namespace(extra=True))
show(ns2)
