# Function decorators: functools.wraps, decorator factories, stacking and application order.
import functools

calls = []


def trace(func):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        calls.append(func.__name__)
        result = func(*args, **kwargs)
        print(f"{func.__name__}{args} -> {result!r}")
        return result
    return wrapper


def repeat(times):
    def decorator(func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            return [func(*args, **kwargs) for _ in range(times)]
        return wrapper
    return decorator


def bracket(left, right):
    def decorator(func):
        def wrapper(*args):
            return left + func(*args) + right
        return wrapper
    return decorator


@trace
def add(a, b):
    """Add two numbers."""
    return a + b


@repeat(3)
def shout(word):
    return word.upper()


@bracket("<", ">")
@bracket("[", "]")
def name_of(x):
    return str(x)


add(2, 3)
add("x", "y")
print(add.__name__, add.__doc__, add.__wrapped__(10, 20), calls)
print(shout("hi"), shout.__name__, shout.__wrapped__("once"))
print(name_of(42), name_of.__name__)
order = []


def tag(label):
    def decorator(func):
        order.append(f"decorating with {label}")
        return func
    return decorator


@tag("outer")
@tag("inner")
def decorated():
    return "body"


print(decorated(), order)
