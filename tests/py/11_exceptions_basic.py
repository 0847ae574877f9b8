# Exceptions: try/except/else/finally ordering, multiple handlers, re-raise, custom classes.


class AppError(Exception):
    pass


class NotFound(AppError):
    def __init__(self, key):
        super().__init__(f"key {key!r} not found")
        self.key = key


class Invalid(AppError):
    def __init__(self, field, reason):
        self.field = field
        self.reason = reason
        super().__init__(field, reason)

    def __str__(self):
        return f"{self.field}: {self.reason}"


def attempt(action):
    steps = []
    try:
        steps.append("try")
        action()
    except (KeyError, IndexError) as e:
        steps.append("lookup:" + type(e).__name__)
    except ZeroDivisionError as e:
        steps.append("math:" + type(e).__name__)
    except AppError as e:
        steps.append(f"app:{type(e).__name__}:{e}")
    else:
        steps.append("else")
    finally:
        steps.append("finally")
    return steps


print(attempt(lambda: None))
print(attempt(lambda: {}["missing"]))
print(attempt(lambda: [1, 2][5]))
print(attempt(lambda: 1 / 0))
print(attempt(lambda: (_ for _ in ()).throw(NotFound("user"))))
print(attempt(lambda: (_ for _ in ()).throw(Invalid("age", "negative"))))

e = Invalid("name", "empty")
print(e.args, str(e), e.field, isinstance(e, AppError), isinstance(e, Exception))
nf = NotFound(42)
print(nf.args, nf.key, str(nf))
try:
    {"a": 1}["b"]
except KeyError as ke:
    print("KeyError args:", ke.args, "str:", str(ke))
try:
    [][0]
except IndexError as ie:
    print("IndexError:", ie)


def reraiser():
    try:
        int("zz")
    except ValueError:
        print("logging then re-raising")
        raise


try:
    reraiser()
except ValueError as e:
    print("outer caught", type(e).__name__)
print([[c.__name__ for c in exc_type.__mro__] for exc_type in (ValueError, AppError, NotFound)])
try:
    raise Exception("one", 2, 3.0)
except Exception as e:
    print(e.args, len(e.args), str(e))
