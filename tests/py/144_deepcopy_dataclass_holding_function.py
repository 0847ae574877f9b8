# Dataclasses holding compiled functions: deepcopy, dataclasses.replace, asdict and
# astuple (both deep-copy field values) keep the functions (issue 13).
import copy, dataclasses
from typing import Callable

def sq(n):
    s = 0
    for i in range(n):
        s += i * i
    return s

def lerp(a, b, t):
    return a + (b - a) * t

@dataclasses.dataclass
class Step:
    name: str
    fn: Callable
    args: tuple = ()

@dataclasses.dataclass(frozen=True)
class Pipeline:
    steps: list
    finish: Callable = lerp

def main():
    x = 0.0
    for i in range(5000):
        x += lerp(0.0, 1.0, i / 5000)
    print(round(x, 6), sq(120000))
    p = Pipeline([Step("square", sq, (10,)), Step("lerp", lerp, (1.0, 3.0, 0.25))])
    p2 = copy.deepcopy(p)
    print(p2 == p, p2 is p, p2.steps is p.steps, p2.steps[0].fn is sq, p2.finish is lerp)
    print([s.fn(*s.args) for s in p2.steps])
    d = dataclasses.asdict(p)
    print(d["steps"][0]["fn"] is sq, d["finish"] is lerp, d["steps"][1]["name"])
    t = dataclasses.astuple(p.steps[1])
    print(t[1] is lerp, t[2])
    s3 = dataclasses.replace(p.steps[0], args=(20,))
    print(s3.fn is sq, s3.fn(*s3.args), copy.copy(s3).fn is sq)
    print(repr(p.steps[0]).startswith("Step(name='square', fn=<function sq at "))

main()
