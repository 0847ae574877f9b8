"""CPython 3.11's behaviour where the frozen 3.14 standard library changed a default.

multiprocessing: 3.14 starts workers with 'forkserver' on Linux, 3.11 forks them. A
script without an `if __name__ == '__main__':` guard works under 3.11 (children are
forks of the running script) and failed under pynum (each child re-ran the script from
the top). The first import of multiprocessing.context makes 'fork' its default again,
as 3.11 does everywhere but macOS.

Imported once at start-up (`vm/src/interpreter.rs`), which then drops it from
sys.modules; the finder leaves sys.meta_path once it has done its work. No classes:
making one costs more start-up time than the rest of this module.
"""

import sys

_namespace = type(sys.implementation)


def _find_spec(name, path=None, target=None):
    if name != "multiprocessing.context":
        return None
    for finder in sys.meta_path:
        find = getattr(finder, "find_spec", None)
        if finder is _finder or find is None:
            continue
        spec = find(name, path, target)
        if spec is not None and spec.loader is not None:
            spec.loader = _fork_after_exec(spec.loader)
            return spec
    return None


def _fork_after_exec(loader):
    """The real loader, then the default start method 3.11 has."""

    def exec_module(module):
        module.__loader__ = module.__spec__.loader = loader
        loader.exec_module(module)
        if sys.platform != "darwin" and "fork" in getattr(module, "_concrete_contexts", {}):
            module._default_context = module.DefaultContext(module._concrete_contexts["fork"])
        if _finder in sys.meta_path:
            sys.meta_path.remove(_finder)

    return _namespace(create_module=loader.create_module, exec_module=exec_module)


_finder = _namespace(find_spec=_find_spec)
sys.meta_path.insert(0, _finder)
