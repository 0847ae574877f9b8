//! What happens to a line typed at the prompt: CPython's rules for when a block is
//! complete (Python's `codeop`, and a blank line closes an open block), pastes of
//! several lines run as one input, automatic mode for definitions and loops, the source
//! kept for `inspect`, `traceback` and `%annotate`, and errors shown by `sys.excepthook`
//! with no frame of the prompt's own machinery.
//!
//! Assumes everything is compiled under the file name `<stdin>`, as CPython 3.11 does:
//! the source of each input is registered with `linecache._register_code`, which keys
//! it by code object (file name, qualified name, first line), so inputs that share the
//! file name do not share their lines.

use rustpython_vm::{
    builtins::{PyBaseExceptionRef, PyCode},
    scope::Scope,
    AsObject, PyObjectRef, PyRef, PyResult, VirtualMachine,
};

/// The file name of everything typed (CPython 3.11's).
pub(super) const STDIN: &str = "<stdin>";

/// The outcome of one line.
pub(super) enum Fed {
    /// An open block: ask for the next line with `sys.ps2`.
    More,
    /// An input ran (or failed to compile, which was shown); `exit` is a `SystemExit`
    /// that ends the prompt.
    Ran { source: String, exit: Option<PyBaseExceptionRef> },
}

/// The prompt's state between lines.
pub(super) struct Session<'vm> {
    vm: &'vm VirtualMachine,
    scope: Scope,
    /// Automatic mode for what is typed next (`%jit on|off`).
    pub(super) jit: bool,
    block: Vec<String>,
    compile_command: PyObjectRef,
}

impl<'vm> Session<'vm> {
    pub(super) fn new(vm: &'vm VirtualMachine, scope: Scope, jit: bool) -> PyResult<Self> {
        let compile_command = vm.import("codeop", 0)?.get_attr("compile_command", vm)?;
        Ok(Session { vm, scope, jit, block: Vec::new(), compile_command })
    }

    pub(super) fn in_block(&self) -> bool {
        !self.block.is_empty()
    }

    /// Ctrl-C at the prompt drops what was typed of the block.
    pub(super) fn abandon_block(&mut self) {
        self.block.clear();
    }

    /// One line from the editor (several, for a paste).
    pub(super) fn feed(&mut self, line: &str) -> Fed {
        if self.block.is_empty() && line.trim_end().contains('\n') {
            let source = line.trim_end().to_owned();
            let exit = self.run_paste(&source);
            return Fed::Ran { source, exit };
        }
        if !self.block.is_empty() && line.trim().is_empty() {
            // CPython's prompt ends an open block at a blank line, whatever `codeop`
            // would make of it.
            let source = std::mem::take(&mut self.block).join("\n");
            let exit = match compile(self.vm, &format!("{source}\n\n"), "single") {
                Ok(code) => self.run(code, &source, &source),
                Err(exc) => {
                    self.show_syntax_error(point_at_closing_blank_line(self.vm, exc, &source));
                    None
                }
            };
            return Fed::Ran { source, exit };
        }
        self.block.push(line.to_owned());
        let source = self.block.join("\n");
        let compiled = self.compile_command.call((source.clone(), STDIN, "single"), self.vm);
        let exit = match compiled {
            Ok(code) if self.vm.is_none(&code) => return Fed::More,
            Ok(code) => {
                self.block.clear();
                match code.downcast::<PyCode>() {
                    Ok(code) => self.run(code, &source, &source),
                    Err(_) => None,
                }
            }
            Err(exc) => {
                self.block.clear();
                self.show_syntax_error(exc);
                None
            }
        };
        Fed::Ran { source, exit }
    }

    /// A paste of several lines (bracketed paste) is one input, as in CPython 3.13:
    /// blank lines inside a function do not end it. Each top-level statement runs as
    /// if typed on its own (expression statements echo), with its line numbers those
    /// of the paste.
    fn run_paste(&mut self, source: &str) -> Option<PyBaseExceptionRef> {
        let vm = self.vm;
        let statements = match statement_line_ranges(vm, source) {
            Ok(ranges) => ranges,
            Err(exc) => {
                self.show_syntax_error(exc);
                return None;
            }
        };
        let lines: Vec<&str> = source.lines().collect();
        for (first, last) in statements {
            let text = lines.get(first - 1..last.min(lines.len())).unwrap_or_default().join("\n");
            // Blank lines in front keep the statement's line numbers those of the paste.
            let padded = format!("{}{text}\n", "\n".repeat(first - 1));
            let exit = match compile(vm, &padded, "single") {
                Ok(code) => self.run(code, source, &padded),
                Err(exc) => {
                    self.show_syntax_error(exc);
                    return None;
                }
            };
            if exit.is_some() {
                return exit;
            }
        }
        None
    }

    /// Runs one compiled input, `statement` (recompiled for automatic mode when that
    /// applies), keeping `input` (all that was typed or pasted) as its source; an
    /// exception is shown, a `SystemExit` handed back.
    fn run(&mut self, code: PyRef<PyCode>, input: &str, statement: &str) -> Option<PyBaseExceptionRef> {
        let vm = self.vm;
        let code = if self.jit { automatic(vm, &self.scope, statement).unwrap_or(code) } else { code };
        register_source(vm, &code, input);
        match vm.run_code_obj(code, self.scope.clone()) {
            Ok(_) => None,
            Err(exc) if exc.fast_isinstance(vm.ctx.exceptions.system_exit) => Some(exc),
            Err(exc) => {
                show_exception(vm, &exc);
                None
            }
        }
    }

    /// A syntax error as CPython's prompt shows it: the excerpt and the message, with
    /// no traceback (the frames would be `codeop`'s).
    fn show_syntax_error(&self, exc: PyBaseExceptionRef) {
        exc.set_traceback(None);
        show_exception(self.vm, &exc);
    }
}

/// `sys.last_exc` and friends, then `sys.excepthook`, as CPython's prompt does.
fn show_exception(vm: &VirtualMachine, exc: &PyBaseExceptionRef) {
    let (exc_type, value, traceback) = vm.split_exception(exc.clone());
    let sys = &vm.sys_module;
    let _ = sys.set_attr("last_exc", value.clone(), vm);
    let _ = sys.set_attr("last_type", exc_type, vm);
    let _ = sys.set_attr("last_value", value, vm);
    let _ = sys.set_attr("last_traceback", traceback, vm);
    vm.print_exception(exc);
}

/// The builtin `compile` under `<stdin>` (it folds constants as the rest of pynum does).
fn compile(vm: &VirtualMachine, source: &str, mode: &str) -> PyResult<PyRef<PyCode>> {
    compile_as(vm, vm.ctx.new_str(source).into(), STDIN, mode)
}

/// The builtin `compile` of `source` (a str, or bytes that may carry a coding cookie).
fn compile_as(vm: &VirtualMachine, source: PyObjectRef, filename: &str, mode: &str) -> PyResult<PyRef<PyCode>> {
    let code = vm.builtins.get_attr("compile", vm)?.call((source, filename.to_owned(), mode), vm)?;
    code.downcast().map_err(|obj| vm.new_type_error(format!("compile() returned {}", obj.class().name())))
}

/// The first and last line (1-based) of each top-level statement of `source`.
fn statement_line_ranges(vm: &VirtualMachine, source: &str) -> PyResult<Vec<(usize, usize)>> {
    let ast = vm.import("ast", 0)?;
    let tree = ast.get_attr("parse", vm)?.call((source.to_owned(), STDIN, "exec"), vm)?;
    let body = tree.get_attr("body", vm)?;
    let mut ranges = Vec::new();
    for statement in body.try_to_value::<Vec<PyObjectRef>>(vm)? {
        let first: usize = statement.get_attr("lineno", vm)?.try_into_value(vm)?;
        let last: usize = statement.get_attr("end_lineno", vm)?.try_into_value(vm)?;
        ranges.push((first.max(1), last.max(first)));
    }
    Ok(ranges)
}

/// A block closed by a blank line before its body came: rustpython's parser puts the
/// error at the end of the header line, CPython's tokenizer at the blank line that
/// closed the block (`File "<stdin>", line 2` with an empty excerpt). The exception is
/// moved there so that the prompt shows what CPython's shows.
fn point_at_closing_blank_line(vm: &VirtualMachine, exc: PyBaseExceptionRef, source: &str) -> PyBaseExceptionRef {
    if !exc.fast_isinstance(vm.ctx.exceptions.indentation_error) {
        return exc;
    }
    let message = exc.as_object().get_attr("msg", vm).ok().and_then(|m| m.str(vm).ok().map(|s| s.to_string()));
    let last_line = source.lines().count();
    let at_end =
        exc.as_object().get_attr("lineno", vm).ok().and_then(|l| l.try_into_value::<usize>(vm).ok()) == Some(last_line);
    if message.is_some_and(|m| m.starts_with("expected an indented block")) && at_end {
        let blank = vm.ctx.new_int(last_line + 1);
        let _ = exc.as_object().set_attr("lineno", blank.clone(), vm);
        let _ = exc.as_object().set_attr("end_lineno", blank, vm);
        let _ = exc.as_object().set_attr("offset", vm.ctx.new_int(1), vm);
        let _ = exc.as_object().set_attr("end_offset", vm.ctx.new_int(-1), vm);
        let _ = exc.as_object().set_attr("text", vm.ctx.new_str("\n"), vm);
    }
    exc
}

/// Keeps the source of an input for the code objects made from it
/// (`linecache._register_code`: `inspect.getsource`, `traceback`, `%annotate`).
fn register_source(vm: &VirtualMachine, code: &PyRef<PyCode>, source: &str) {
    let Ok(linecache) = vm.import("linecache", 0) else { return };
    if let Ok(register) = linecache.get_attr("_register_code", vm) {
        // The loops lifted out of the input are functions of their own, held as
        // constants `_register_code` does not walk into.
        let hidden = super::commands::lifted_loops(code).into_iter().map(|lifted| lifted.hidden_code());
        for code in std::iter::once(code.clone()).chain(hidden) {
            let _ = register.call((code, format!("{source}\n"), STDIN), vm);
        }
    }
}

/// Code typed at the prompt gets automatic mode too: a `def` or `class` block, or a
/// `for`/`while` loop, is recompiled with dispatchers and lifted loops. That is in `exec`
/// mode, which echoes nothing; it echoes nothing in `single` mode either as long as the
/// block has no expression statement (then it stays as typed).
fn automatic(vm: &VirtualMachine, scope: &Scope, source: &str) -> Option<PyRef<PyCode>> {
    let head = source.trim_start();
    let definition = head.starts_with("def ") || head.starts_with("class ") || head.starts_with('@');
    let looping = head.starts_with("for ") || head.starts_with("while ");
    if !(definition || looping) {
        return None;
    }
    if looping && pynum_jit::looplift::has_expression_statements(source) {
        return None;
    }
    let module = vm.compile(source, rustpython_vm::compiler::Mode::Exec, STDIN).ok()?;
    // What earlier lines bound is bound when this block starts.
    let defined: Vec<String> =
        scope.globals.clone().into_iter().filter_map(|(k, _)| k.str(vm).ok().map(|s| s.to_string())).collect();
    crate::automatic::compile_automatic(vm, &module, false, source.as_bytes(), STDIN, &defined, None).ok().flatten()
}

/// `sys.ps1`/`sys.ps2` when a program set them, CPython's defaults otherwise.
pub(super) fn prompt(vm: &VirtualMachine, which: &'static str) -> String {
    vm.sys_module
        .get_attr(which, vm)
        .ok()
        .and_then(|p| p.str(vm).ok().map(|s| s.to_string()))
        .unwrap_or_else(|| if which == "ps1" { ">>> " } else { "... " }.to_owned())
}

/// `PYTHONSTARTUP`: the file runs in `__main__` before the first prompt; its errors are
/// shown and the prompt starts anyway, as in CPython.
pub(super) fn run_startup_file(vm: &VirtualMachine, scope: &Scope, path: &std::path::Path) {
    let Ok(source) = std::fs::read(path) else {
        // CPython says nothing more helpful: the file is simply not run.
        eprintln!("Could not open PYTHONSTARTUP");
        return;
    };
    let outcome = compile_as(vm, vm.ctx.new_bytes(source).into(), &path.to_string_lossy(), "exec")
        .and_then(|code| vm.run_code_obj(code, scope.clone()));
    if let Err(exc) = outcome {
        show_exception(vm, &exc);
    }
}
