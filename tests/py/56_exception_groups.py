# ExceptionGroup and except* (3.11+), plus add_note, nested groups, split and subgroup.


def fail_many():
    errors = []
    for i, action in enumerate([lambda: 1 / 0, lambda: int("x"), lambda: [][1], lambda: None, lambda: {}["k"]]):
        try:
            action()
        except Exception as e:
            e.add_note(f"task {i}")
            errors.append(e)
    raise ExceptionGroup("several tasks failed", errors)


try:
    fail_many()
except* ZeroDivisionError as eg:
    print("zero division group:", [type(e).__name__ for e in eg.exceptions], [e.__notes__ for e in eg.exceptions])
except* (IndexError, KeyError) as eg:
    print("lookup group:", sorted(type(e).__name__ for e in eg.exceptions), eg.message)
except* ValueError as eg:
    print("value group:", len(eg.exceptions), eg.exceptions[0].__notes__)

group = ExceptionGroup("outer", [ValueError("v1"), ExceptionGroup("inner", [TypeError("t1"), ValueError("v2")]), KeyError("k")])
print(group.message, len(group.exceptions), str(group))
match, rest = group.split(ValueError)
print("match:", [str(e) for e in match.exceptions[:1]], type(match.exceptions[1]).__name__, match.exceptions[1].message)
print("rest:", [type(e).__name__ for e in rest.exceptions], rest.exceptions[0].message)
only_types = group.subgroup(lambda e: isinstance(e, TypeError))
print("subgroup:", type(only_types).__name__, only_types.exceptions[0].exceptions[0].args)
print(group.subgroup(OSError), issubclass(ExceptionGroup, Exception), issubclass(BaseExceptionGroup, BaseException))


def leaves(eg):
    for e in eg.exceptions:
        if isinstance(e, BaseExceptionGroup):
            yield from leaves(e)
        else:
            yield f"{type(e).__name__}({e.args[0]!r})"


print(list(leaves(group)))
try:
    try:
        raise ExceptionGroup("batch", [ValueError("a"), TypeError("b")])
    except* ValueError:
        print("handled the ValueError part")
except ExceptionGroup as remaining:
    print("re-raised remainder:", [type(e).__name__ for e in remaining.exceptions], remaining.message)
try:
    raise ExceptionGroup("single", [OSError("disk")])
except* OSError as eg:
    print("OSError group caught", type(eg).__name__, eg.exceptions[0].args)
try:
    raise KeyError("plain")
except* KeyError as eg:
    print("naked exception wrapped:", type(eg).__name__, type(eg.exceptions[0]).__name__, eg.message == "")
derived = group.derive([RuntimeError("r")])
print(type(derived).__name__, derived.message, [str(e) for e in derived.exceptions])
err = RuntimeError("with notes")
err.add_note("note A")
err.add_note("note B")
print(err.__notes__, str(err))
