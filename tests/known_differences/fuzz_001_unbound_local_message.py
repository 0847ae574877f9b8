# Differential fuzzing reproducer: found while shrinking tests/fuzz/gen.py seed 7 (the first
# version of the generator; the shrinker then kept only the first divergence, so this one is
# filed by hand).
# interpreter difference: pynum differs from CPython under no-jit, default, threshold0, threshold2
# key: interpreter difference [no-jit,default,threshold0,threshold2] UnboundLocalError: cannot access local variable 'x' where it is not associated with a value | UnboundLocalError: local variable 'x' referenced before assignment
# CPython 3.11 words it "cannot access local variable 'x' where it is not associated with a
# value"; pynum (rustpython) says "local variable 'x' referenced before assignment".
def f():
    if False:
        x = 1
    return x


try:
    f()
except Exception as e:
    print(type(e).__name__ + ": " + str(e))
f()
