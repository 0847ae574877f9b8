# A command-line front end generated from the signatures of compiled functions:
# argparse sub-commands built with inspect.signature, then dispatched (issue 13).
import argparse, inspect, sys

def sq(n: int = 10):
    """Sum of squares below n."""
    s = 0
    for i in range(n):
        s += i * i
    return s

def lerp(a: float, b: float, t: float = 0.5):
    """Linear interpolation."""
    return a + (b - a) * t

def gcd(a: int, b: int):
    """Greatest common divisor."""
    while b:
        a, b = b, a % b
    return a

COMMANDS = [sq, lerp, gcd]

def build_parser():
    parser = argparse.ArgumentParser(prog="calc")
    sub = parser.add_subparsers(dest="cmd")
    for f in COMMANDS:
        p = sub.add_parser(f.__name__, help=f.__doc__)
        for name, param in inspect.signature(f).parameters.items():
            kind = param.annotation if param.annotation is not inspect.Parameter.empty else str
            if param.default is inspect.Parameter.empty:
                p.add_argument(name, type=kind)
            else:
                p.add_argument("--" + name, type=kind, default=param.default)
        p.set_defaults(func=f)
    return parser

def main():
    t = 0.0
    for i in range(1, 5000):
        t += lerp(0.0, 1.0, 0.25) + gcd(i, 360)
    print(t, sq(100000))
    parser = build_parser()
    for argv in (["sq", "--n", "100000"], ["lerp", "1", "3", "--t", "0.25"], ["gcd", "84", "36"], ["sq"]):
        ns = parser.parse_args(argv)
        kwargs = {k: v for k, v in vars(ns).items() if k not in ("cmd", "func")}
        print(ns.cmd, ns.func is globals()[ns.cmd], sorted(kwargs.items()), ns.func(**kwargs))
    print(parser.format_help().count("calc"), [a.dest for a in parser._subparsers._group_actions])

main()
