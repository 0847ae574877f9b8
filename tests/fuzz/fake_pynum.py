#!/usr/bin/env python3
"""A stand-in for `pynum-run` that diverges from CPython on purpose, for the fuzz runner's
own test (tests/fuzz.rs): it checks that a divergence is found, keyed by the JIT event
logged before it, shrunk and written as a reproducer.

It runs the program on this python3. Unless `--no-jit` is given, `print` of an int that
is a nonzero multiple of 7 prints the next int instead, after logging (with `--jit-log`) a
deoptimization as pynum's `--jit-log` words one. `-u` makes stdout unbuffered.
"""
import builtins
import runpy
import sys

FLAGS = ("--no-jit", "-u", "--jit-log")
flags = [a for a in sys.argv[1:] if a in FLAGS]
program = [a for a in sys.argv[1:] if a not in FLAGS]
if "-u" in flags:
    sys.stdout.reconfigure(write_through=True)
if "--no-jit" not in flags:
    real_print = builtins.print

    def diverging_print(*args, **kwargs):
        if args and type(args[0]) is int and args[0] and args[0] % 7 == 0:
            if "--jit-log" in flags:
                sys.stderr.write("pynum-jit: deoptimized f(int64): int overflow at line 3 (1 so far)\n")
                sys.stderr.flush()
            args = (args[0] + 1,) + args[1:]
        real_print(*args, **kwargs)

    builtins.print = diverging_print
sys.argv = program
runpy.run_path(program[0], run_name="__main__")
