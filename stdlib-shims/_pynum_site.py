"""What `site.main()` does when it has nothing to add to `sys.path`: the builtins it
defines and the REPL hook. pynum's start-up imports this instead of `site` after it has
checked that there are no site-packages, no venv, no `sitecustomize`/`usercustomize`
and nothing in `sys.path` for `site` to rewrite (vm/src/site.rs); `site` itself, and
`os` with it, are then imported only by programs that ask for them. Keep in step with
`site.setquit`, `setcopyright`, `sethelper`, `enablerlcompleter` and `venv`."""
import builtins
import sys

import _sitebuiltins



def _printer(name, data):
    # `_Printer.__init__` imports `os` only to join the license file names, of which
    # `site` finds none here (`sys._stdlib_dir` is unset: vm/src/site.rs checks), so
    # the object is built as `__init__(name, data)` would build it.
    printer = _sitebuiltins._Printer.__new__(_sitebuiltins._Printer)
    printer._Printer__name = name
    printer._Printer__data = data
    printer._Printer__lines = None
    printer._Printer__filenames = []
    return printer


_eof = 'Ctrl-D (i.e. EOF)'
builtins.quit = _sitebuiltins.Quitter('quit', _eof)
builtins.exit = _sitebuiltins.Quitter('exit', _eof)
builtins.copyright = _printer("copyright", sys.copyright)
builtins.credits = _printer("credits", """\
Thanks to CWI, CNRI, BeOpen, Zope Corporation, the Python Software
Foundation, and a cast of thousands for supporting Python
development.  See www.python.org for more information.""")
builtins.license = _printer("license", "See https://www.python.org/psf/license/")
builtins.help = _sitebuiltins._Helper()
sys._home = None


def register_readline():
    import site
    site.register_readline()


register_readline.__module__ = 'site'
register_readline.__qualname__ = 'register_readline'
if not sys.flags.isolated:
    sys.__interactivehook__ = register_readline
del register_readline, _eof, _printer
