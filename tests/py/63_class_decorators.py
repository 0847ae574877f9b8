# Class decorators, decorator classes with update_wrapper, and method decorators.
import functools

registry = {}


def register(cls):
    registry[cls.__name__.lower()] = cls
    cls.registered = True
    return cls


def add_repr(cls):
    def __repr__(self):
        fields = ", ".join(f"{k}={v!r}" for k, v in vars(self).items())
        return f"{type(self).__name__}({fields})"
    cls.__repr__ = __repr__
    return cls


@register
@add_repr
class Circle:
    def __init__(self, r):
        self.r = r


@register
class Square:
    pass


class Memo:
    def __init__(self, func):
        functools.update_wrapper(self, func)
        self.func = func
        self.cache = {}

    def __call__(self, n):
        if n not in self.cache:
            self.cache[n] = self.func(n)
        return self.cache[n]


@Memo
def fib(n):
    """Fibonacci numbers."""
    return n if n < 2 else fib(n - 1) + fib(n - 2)


def logged(method):
    @functools.wraps(method)
    def wrapper(self, *args):
        result = method(self, *args)
        print(f"  {type(self).__name__}.{method.__name__}{args} = {result}")
        return result
    return wrapper


class Account:
    def __init__(self, balance):
        self.balance = balance

    @logged
    def deposit(self, amount):
        self.balance += amount
        return self.balance

    @logged
    def withdraw(self, amount):
        self.balance -= amount
        return self.balance


print(sorted(registry), Circle.registered, Circle(2.5), registry["circle"](1), registry["square"].__name__)
print(fib(60), len(fib.cache), fib.__name__, fib.__doc__)
acct = Account(100)
acct.deposit(50)
acct.withdraw(30)
print(acct.balance, Account.deposit.__name__, Account.withdraw.__qualname__)
