# Sequences too large for the machine raise MemoryError at once, as CPython's refused
# malloc does (issue 12, item 14); sizes beyond sys.maxsize raise OverflowError.
import itertools
import sys

cases = [
    '[0] * 2**40',
    '[0, 1] * 2**39',
    '2**40 * [0]',
    '[[]] * 2**40',
    '[None] * (2**62)',
    '[None] * (2**63)',
    '[0] * 2**64',
    '(0,) * 2**40',
    "'ab' * 2**40",
    "2**40 * 'ab'",
    "b'x' * 2**40",
    'bytearray(2**40)',
    'bytes(2**40)',
    'list(range(2**62))',
    'list(range(2**40))',
    'list(itertools.repeat(0, 2**40))',
    "'x'.ljust(2**40)",
    "'x'.center(2**40)",
    "'1'.zfill(2**40)",
    "b'x'.ljust(2**40)",
    "'-'.join(['a'] * 2**40)",
    '[0] * 2**40 + [1]',
]
for case in cases:
    try:
        eval(case)
        print(case, 'ok')
    except (MemoryError, OverflowError) as e:
        print(case, type(e).__name__)

for setup, repeat in [('[0]', 2**40), ('bytearray(1)', 2**40), ("'a'", 2**40), ('[0]', -1)]:
    value = eval(setup)
    try:
        value *= repeat
        print(setup, '*=', repeat, 'ok', len(value))
    except MemoryError:
        print(setup, '*=', repeat, 'MemoryError')

# The program goes on normally afterwards.
print(len([0] * 1000), len('ab' * 1000), sys.maxsize)
