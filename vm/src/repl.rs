//! The interactive prompt: rustyline for editing and history, Python's own `codeop` to
//! decide whether a block is complete, `sys.displayhook` (through `single` mode) for
//! echoing values and setting `_`.
//!
//! Assumes `site` was imported when `exit()`/`quit()` are expected to exist; Ctrl-D
//! leaves in every case.

use pynum_jit::events::JitEvent;
use rustpython_vm::{
    builtins::{PyBaseExceptionRef, PyCode},
    scope::Scope,
    AsObject, PyObjectRef, PyRef, PyResult, VirtualMachine,
};
use rustyline::{error::ReadlineError, DefaultEditor};

const HISTORY_FILE: &str = ".pynum_history";

/// Reads, compiles and runs statements until Ctrl-D or `SystemExit`.
pub fn run(vm: &VirtualMachine, scope: Scope, quiet: bool, jit: bool) -> PyResult<()> {
    if !quiet && std::io::IsTerminal::is_terminal(&std::io::stdin()) {
        eprintln!("pynum {} (Python 3.14 semantics on rustpython-vm 0.6)", env!("CARGO_PKG_VERSION"));
        eprintln!("Type \"help\", \"copyright\", \"credits\" or \"license\" for more information.");
    }
    let mut editor = match DefaultEditor::new() {
        Ok(editor) => editor,
        Err(err) => return Err(vm.new_os_error(format!("cannot start the line editor: {err}"))),
    };
    let history = std::env::var_os("HOME").map(|home| std::path::Path::new(&home).join(HISTORY_FILE));
    if let Some(history) = &history {
        let _ = editor.load_history(history);
    }
    let compile_command = vm.import("codeop", 0)?.get_attr("compile_command", vm)?;
    let mut block: Vec<String> = Vec::new();
    let outcome = loop {
        crate::streams::flush_streams(vm, &["stdout"]);
        let prompt = prompt(vm, if block.is_empty() { "ps1" } else { "ps2" });
        let line = match editor.readline(&prompt) {
            Ok(line) => line,
            Err(ReadlineError::Interrupted) => {
                eprintln!("\nKeyboardInterrupt");
                block.clear();
                continue;
            }
            Err(ReadlineError::Eof) => {
                eprintln!();
                break Ok(());
            }
            Err(err) => break Err(vm.new_os_error(format!("cannot read input: {err}"))),
        };
        if block.is_empty() && line.trim() == "%jit" {
            print_jit_table();
            continue;
        }
        if let Some(name) = line.trim().strip_prefix("%annotate ").filter(|_| block.is_empty()) {
            annotate_command(vm, &scope, name.trim());
            continue;
        }
        block.push(line);
        let source = block.join("\n");
        let compiled = compile_command.call((source.clone(), "<stdin>", "single"), vm);
        match compiled {
            Ok(code) if vm.is_none(&code) => continue, // an open block: ask for more
            Ok(code) => {
                block.clear();
                let _ = editor.add_history_entry(source.as_str());
                let code = if jit { automatic(vm, &scope, &source).unwrap_or(code) } else { code };
                if let Err(exc) = execute(vm, &scope, code) {
                    if is_system_exit(vm, &exc) {
                        break Err(exc);
                    }
                    vm.print_exception(&exc);
                }
            }
            Err(exc) => {
                block.clear();
                let _ = editor.add_history_entry(source.as_str());
                vm.print_exception(&exc);
            }
        }
    };
    if let Some(history) = &history {
        let _ = editor.save_history(history);
    }
    outcome
}

/// Code typed at the prompt gets automatic mode too: a `def` or `class` block, or a
/// `for`/`while` loop, is recompiled with dispatchers and lifted loops. That is in `exec`
/// mode, which echoes nothing; it echoes nothing in `single` mode either as long as the
/// block has no expression statement (then it stays as typed).
fn automatic(vm: &VirtualMachine, scope: &Scope, source: &str) -> Option<PyObjectRef> {
    let head = source.trim_start();
    let definition = head.starts_with("def ") || head.starts_with("class ");
    let looping = head.starts_with("for ") || head.starts_with("while ");
    if !(definition || looping) {
        return None;
    }
    if looping && pynum_jit::looplift::has_expression_statements(source) {
        return None;
    }
    let module = vm.compile(source, rustpython_vm::compiler::Mode::Exec, "<stdin>").ok()?;
    // What earlier lines bound is bound when this block starts.
    let defined: Vec<String> =
        scope.globals.clone().into_iter().filter_map(|(k, _)| k.str(vm).ok().map(|s| s.to_string())).collect();
    crate::automatic::compile_automatic(vm, &module, source.as_bytes(), "<stdin>", &defined)
        .ok()
        .flatten()
        .map(Into::into)
}

/// `%jit`: each specialization compiled or rejected so far, and deoptimizations.
fn print_jit_table() {
    let events = crate::dispatcher::events();
    if events.is_empty() {
        println!("no function has been compiled yet");
    }
    for event in events {
        match event {
            JitEvent::Compiled { what, tier, milliseconds, .. } => {
                println!("  tier {tier}  {what}  ({milliseconds:.3} ms)")
            }
            other => println!("  {other}"),
        }
    }
}

/// `%annotate f`: the typed IR of each specialization of `f` and of the loops lifted out
/// of it, source lines above their instructions (`Dispatcher.inspect_types`).
fn annotate_command(vm: &VirtualMachine, scope: &Scope, name: &str) {
    let Ok(target) = scope.globals.get_item(name, vm) else {
        println!("%annotate: no global named {name:?}");
        return;
    };
    let mut shown = 0;
    let mut show = |object: &PyObjectRef| {
        // A registered function's dispatcher, or a dispatcher object (`@njit`, lifted loops).
        let dispatcher = match crate::dispatcher::compiled_functions::dispatcher_of(object) {
            Some(dispatcher) => Some(dispatcher.into()),
            None => object.downcast_ref::<crate::dispatcher::Dispatcher>().map(|_| object.clone()),
        };
        if let Some(dispatcher) = dispatcher {
            if let Err(exc) = vm.call_method(&dispatcher, "inspect_types", ()) {
                vm.print_exception(&exc);
            }
            shown += 1;
        }
    };
    show(&target);
    // The loops lifted out of it are constants of the code it runs (not of the code as
    // written, which `__code__` reads), bound to this namespace's globals once they ran.
    let code = crate::dispatcher::compiled_functions::running_code(&target, vm).ok();
    for lifted in code.iter().flat_map(lifted_loops) {
        if let Some(dispatcher) = lifted.bound_to(&scope.globals) {
            show(&dispatcher.into());
        }
    }
    if shown == 0 {
        println!("%annotate: {name} runs in the interpreter only (it is not a candidate for native code)");
    }
}

/// The lifted loops `code` and the code objects nested in it call, in the order of
/// their constants.
fn lifted_loops(code: &PyRef<PyCode>) -> Vec<PyRef<crate::dispatcher::LiftedLoop>> {
    let mut out = Vec::new();
    for constant in code.code.constants.iter() {
        let object: &rustpython_vm::PyObject = std::borrow::Borrow::borrow(constant);
        if let Some(nested) = object.downcast_ref::<PyCode>() {
            out.extend(lifted_loops(&nested.to_owned()));
        } else if let Some(lifted) = object.downcast_ref::<crate::dispatcher::LiftedLoop>() {
            out.push(lifted.to_owned());
        }
    }
    out
}

fn execute(vm: &VirtualMachine, scope: &Scope, code: PyObjectRef) -> PyResult<()> {
    let code = code.downcast().map_err(|obj| vm.new_type_error(format!("codeop returned {}", obj.class().name())))?;
    vm.run_code_obj(code, scope.clone()).map(drop)
}

fn is_system_exit(vm: &VirtualMachine, exc: &PyBaseExceptionRef) -> bool {
    exc.fast_isinstance(vm.ctx.exceptions.system_exit)
}

/// `sys.ps1`/`sys.ps2` when a program set them, CPython's defaults otherwise.
fn prompt(vm: &VirtualMachine, which: &'static str) -> String {
    vm.sys_module
        .get_attr(which, vm)
        .ok()
        .and_then(|p| p.str(vm).ok().map(|s| s.to_string()))
        .unwrap_or_else(|| if which == "ps1" { ">>> " } else { "... " }.to_owned())
}
