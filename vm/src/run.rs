//! Runs what the command line asked for, the way CPython's `Modules/main.c` does: site
//! import, `sys.path[0]`, then the script, `-c` code, `-m` module, stdin or the REPL.
//!
//! Assumes the interpreter was built with `sys.argv` already set by [`crate::cli`].

use std::io::Read;
use std::path::PathBuf;

use rustpython_vm::{
    builtins::{PyBytes, PyCode},
    compiler::Mode,
    scope::Scope,
    AsObject, PyRef, PyResult, VirtualMachine,
};

use crate::automatic::{compile_automatic, from_cache, install_import_hook, warnings_untouched, Cached};
use crate::cli::{Invocation, Program};
use crate::interpreter;
use crate::streams::flush_streams;

/// CPython's exit status when the script cannot be opened.
const EXIT_CANNOT_OPEN: u32 = 2;

/// Runs the invocation to completion and returns the process exit status.
pub fn run(invocation: &Invocation) -> u32 {
    let script = match &invocation.program {
        Program::Script(path) => match open_script(path) {
            Ok(script) => Some(script),
            Err(message) => {
                eprintln!("{}: {message}", program_name());
                return EXIT_CANNOT_OPEN;
            }
        },
        _ => None,
    };
    let options = invocation.interpreter_options();
    // Without a program and without a terminal, CPython reads the program from stdin.
    let program = match &invocation.program {
        Program::Repl if !options.inspect && !std::io::IsTerminal::is_terminal(&std::io::stdin()) => &Program::Stdin,
        program => program,
    };
    let started = std::time::Instant::now();
    let interp = interpreter::build(&options);
    let inspect = options.inspect;
    let dumps = invocation.dumps();
    let mut jit_config = invocation.jit_config();
    // `%jit` shows each function's time in native code: the REPL times native calls.
    jit_config.time_native |= matches!(program, Program::Repl) || inspect;
    let jit = jit_config.automatic;
    interp.run(|vm| {
        crate::dispatcher::set_config(vm, jit_config)?;
        let scope = vm.new_scope_with_main()?;
        // `-W` and `PYTHONWARNINGS` (both in the settings) apply once `warnings` is
        // imported, as CPython imports it at start-up.
        if !vm.state.config.settings.warnoptions.is_empty() {
            vm.import("warnings", 0)?;
        }
        if options.import_site {
            crate::site::import(vm, matches!(program, Program::Repl) || inspect)?;
        }
        if !(invocation.cli.safe_path || options.isolated) {
            if let Some(path0) = sys_path0(program, script.as_ref()) {
                vm.insert_sys_path(vm.new_pyobj(path0))?;
            }
        }
        if jit && matches!(program, Program::Script(_) | Program::Module(_)) {
            install_import_hook(vm)?;
        }
        freeze_start_up_objects(vm)?;
        if jit {
            crate::interrupts::install();
            crate::interrupts::wrap_signal_function(vm)?;
            crate::interrupts::wrap_interrupt_main(vm)?;
        }
        let result = match program {
            Program::Script(_) => {
                let script = script.as_ref().expect("opened above");
                if !dumps.is_empty() && !script.is_dir {
                    dump_file(vm, &script.path, &dumps);
                }
                let annotate_html = invocation.cli.annotate_html.as_deref();
                if (invocation.annotate_text() || annotate_html.is_some()) && !script.is_dir {
                    run_annotated(vm, scope.clone(), script, invocation.annotate_text(), annotate_html)
                } else if !script.is_dir {
                    run_script_compiled(vm, scope.clone(), script, jit)
                } else {
                    run_script(vm, scope.clone(), script)
                }
            }
            Program::Command(code) => run_source(vm, scope.clone(), code.as_bytes(), "<string>", &dumps, jit),
            Program::Module(module) => vm.run_module(module),
            Program::Stdin => {
                let mut source = Vec::new();
                match std::io::stdin().read_to_end(&mut source) {
                    Ok(_) => {
                        // As CPython names a program it reads from stdin.
                        scope.globals.set_item("__file__", vm.ctx.new_str("<stdin>").into(), vm)?;
                        run_source(vm, scope.clone(), &source, "<stdin>", &dumps, jit)
                    }
                    Err(err) => Err(vm.new_os_error(err.to_string())),
                }
            }
            Program::Repl => Ok(()),
        };
        let result = if matches!(program, Program::Repl) || inspect {
            if let Err(exc) = result {
                crate::cpython_fidelity::plain_tracebacks(vm);
                vm.print_exception(&exc);
            }
            // CPython runs `PYTHONSTARTUP` only for a prompt that nothing ran before,
            // on a terminal, and not under -E/-I.
            let startup = (matches!(program, Program::Repl)
                && std::io::IsTerminal::is_terminal(&std::io::stdin())
                && !options.ignore_environment
                && !options.isolated)
                .then(|| std::env::var_os("PYTHONSTARTUP"))
                .flatten()
                .filter(|path| !path.is_empty())
                .map(std::path::PathBuf::from);
            crate::repl::run(vm, scope, crate::repl::ReplOptions { quiet: options.quiet, jit, startup })
        } else {
            result
        };
        if let Err(exc) = &result {
            if exc.fast_isinstance(vm.ctx.exceptions.system_exit) {
                exit_code_as_cpython_converts_it(exc, vm);
            } else {
                crate::cpython_fidelity::plain_tracebacks(vm);
            }
        }
        skip_threading_import_at_exit(vm);
        if invocation.jit_stats() {
            flush_streams(vm, &["stdout"]);
            let stats = crate::dispatcher::config(vm).counters.snapshot();
            eprintln!("{}", crate::dispatcher::stats_summary(&stats, started.elapsed()));
        }
        // For tools and the differential tests (which check what ran natively): the
        // events, one `--jit-log` line each, in a file rather than among the program's
        // own stderr.
        if let Some(path) = std::env::var_os("PYNUM_JIT_EVENTS_FILE") {
            let lines: String = crate::dispatcher::events().iter().map(|e| format!("{e}\n")).collect();
            if let Err(err) = std::fs::write(&path, lines) {
                eprintln!("pynum: cannot write PYNUM_JIT_EVENTS_FILE {}: {err}", std::path::Path::new(&path).display());
            }
        }
        result
    })
}

/// `sys.exit(n)` with an int `n` exits with `n` as CPython converts it: to a C `long`,
/// then to an `int` (its low 32 bits), of which the system keeps the low 8 bits;
/// rustpython takes an `n` outside 32 bits as -1 (`sys.exit(2**40)` exited 255, CPython
/// 0). An `n` outside 64 bits is -1 in both.
fn exit_code_as_cpython_converts_it(exc: &rustpython_vm::builtins::PyBaseExceptionRef, vm: &VirtualMachine) {
    let Ok(code) = exc.as_object().get_attr("code", vm) else { return };
    let Some(int) = code.downcast_ref_if_exact::<rustpython_vm::builtins::PyInt>(vm) else { return };
    let Ok(long) = int.try_to_primitive::<i64>(vm) else { return };
    let converted = long as i32;
    if i64::from(converted) != long {
        let _ = exc.as_object().set_attr("code", vm.ctx.new_int(converted), vm);
    }
}

/// Moves what start-up made (types, the modules `site` imported, their functions) to the
/// collector's permanent generation, as `gc.freeze()` does: collections while the program
/// runs, and the three at exit, then scan only what the program made (about a tenth of
/// the instructions of an empty script). `gc.get_freeze_count` and `gc.unfreeze` are
/// wrapped so the program sees only its own freezes, as under CPython.
fn freeze_start_up_objects(vm: &VirtualMachine) -> PyResult<()> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    let gc = vm.import("gc", 0)?;
    gc.get_attr("freeze", vm)?.call((), vm)?;
    let real_count = gc.get_attr("get_freeze_count", vm)?;
    let real_unfreeze = gc.get_attr("unfreeze", vm)?;
    let ours = Arc::new(AtomicUsize::new(real_count.call((), vm)?.try_into_value::<usize>(vm)?));
    let counted = ours.clone();
    let get_freeze_count = vm.new_function("get_freeze_count", move |vm: &VirtualMachine| -> PyResult<usize> {
        let all: usize = real_count.call((), vm)?.try_into_value(vm)?;
        Ok(all.saturating_sub(counted.load(Ordering::Relaxed)))
    });
    let unfreeze = vm.new_function("unfreeze", move |vm: &VirtualMachine| -> PyResult<()> {
        ours.store(0, Ordering::Relaxed);
        real_unfreeze.call((), vm).map(drop)
    });
    gc.set_attr("get_freeze_count", get_freeze_count, vm)?;
    gc.set_attr("unfreeze", unfreeze, vm)?;
    Ok(())
}

/// rustpython's finalization imports `threading` to call `threading._shutdown()`; CPython
/// only calls it when the program imported `threading` (`wait_for_thread_shutdown`), so
/// with no `threading` there are no threads to join. Importing it only to find that out
/// costs about 7 ms of every run, so a stand-in takes its place for that one call and
/// removes itself: atexit handlers that import `threading` get the real module.
fn skip_threading_import_at_exit(vm: &VirtualMachine) {
    let Ok(modules) = vm.sys_module.get_attr("modules", vm) else { return };
    if modules.get_item("threading", vm).is_ok() {
        return;
    }
    let stand_in = vm.new_module("threading", vm.ctx.new_dict(), None);
    let shutdown = vm.new_function("_shutdown", |vm: &VirtualMachine| -> PyResult<()> {
        let modules = vm.sys_module.get_attr("modules", vm)?;
        modules.del_item("threading", vm)
    });
    if stand_in.set_attr("_shutdown", shutdown, vm).is_ok() {
        let _ = modules.set_item("threading", stand_in.into(), vm);
    }
}

/// A script file that could be opened, as CPython names it: the absolute path.
#[derive(Debug)]
pub struct Script {
    pub path: PathBuf,
    pub is_dir: bool,
}

fn open_script(path: &str) -> Result<Script, String> {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| PathBuf::from(path));
    match std::fs::File::open(&absolute).and_then(|f| f.metadata()) {
        Ok(meta) => Ok(Script { is_dir: meta.is_dir(), path: absolute }),
        Err(err) => Err(format!(
            "can't open file '{}': [Errno {}] {}",
            absolute.display(),
            err.raw_os_error().unwrap_or(0),
            strerror(&err)
        )),
    }
}

/// The OS message without Rust's ` (os error N)` suffix, as CPython prints it.
fn strerror(err: &std::io::Error) -> String {
    let text = err.to_string();
    match text.rfind(" (os error ") {
        Some(cut) => text[..cut].to_owned(),
        None => text,
    }
}

fn program_name() -> String {
    std::env::args().next().unwrap_or_else(|| "pynum-run".to_owned())
}

/// `sys.path[0]` as `_PyPathConfig_ComputeSysPath0` computes it.
fn sys_path0(program: &Program, script: Option<&Script>) -> Option<String> {
    let cwd = || std::env::current_dir().ok().map(|p| p.to_string_lossy().into_owned());
    match program {
        Program::Script(_) => {
            let script = script?;
            if script.is_dir {
                return Some(script.path.to_string_lossy().into_owned());
            }
            let resolved = script.path.canonicalize().unwrap_or_else(|_| script.path.clone());
            resolved.parent().map(|dir| dir.to_string_lossy().into_owned())
        }
        Program::Module(_) => cwd(),
        Program::Command(_) | Program::Stdin | Program::Repl => Some(String::new()),
    }
}

fn run_script(vm: &VirtualMachine, scope: Scope, script: &Script) -> PyResult<()> {
    if script.is_dir {
        // A directory (or zip) with `__main__.py`: sys.path[0] already points at it.
        let runpy = vm.import("runpy", 0)?;
        let run_module_as_main = runpy.get_attr("_run_module_as_main", vm)?;
        return run_module_as_main.call(("__main__", false), vm).map(drop);
    }
    vm.run_script(scope, &script.path.to_string_lossy())
}

/// Compiles source bytes with the builtin `compile`, which honours BOMs and coding
/// cookies and reports undecodable bytes as `SyntaxError`, then runs them in `scope`.
pub fn run_source(
    vm: &VirtualMachine,
    scope: Scope,
    source: &[u8],
    filename: &str,
    dumps: &[pynum_jit::Dump],
    jit: bool,
) -> PyResult<()> {
    let code = compile_source(vm, source, filename, jit)?;
    write_dumps(&code.code, dumps);
    // `-c` code and a program read from stdin get automatic mode as a script file does.
    let code = if jit { transformed_or_written(vm, code, false, None, source, filename) } else { code };
    vm.run_code_obj(code, scope).map(drop)
}

/// `source` compiled as the module `path` by the builtin `compile`; in automatic mode
/// (`jit`) with its constant arithmetic folded with CPython's answers
/// (`constant_folding.rs`).
fn compile_source(vm: &VirtualMachine, source: &[u8], path: &str, jit: bool) -> PyResult<PyRef<PyCode>> {
    if jit {
        crate::constant_folding::with_caller_folding(|| compile_bytes(vm, source, path, Mode::Exec))
    } else {
        compile_bytes(vm, source, path, Mode::Exec)
    }
}

/// Automatic mode's transform of `module` (compiled from `source`), or `module` as
/// written when it has nothing to change or the transform cannot be made: it is an
/// optimization, and a pynum shortcoming must never become the program's error.
fn transformed_or_written(
    vm: &VirtualMachine,
    module: PyRef<PyCode>,
    reusable: bool,
    loaded: Option<crate::transform_cache::Transformed>,
    source: &[u8],
    path: &str,
) -> PyRef<PyCode> {
    match compile_automatic(vm, &module, reusable, source, path, &[], loaded) {
        Ok(Some(transformed)) => transformed,
        _ => module,
    }
}

/// A script file compiled by the builtin `compile`, so its constant arithmetic is folded
/// with CPython's answers (`constant_folding.rs`). In automatic mode (`jit`) the
/// script's functions that native code may run get a dispatcher and its loops are lifted
/// (`compile_automatic`, which folds the AST it parses); a script with nothing to change
/// runs the code already compiled for the scan (compiling a long script twice would cost
/// as much as the JIT saves on it).
fn run_script_compiled(vm: &VirtualMachine, scope: Scope, script: &Script, jit: bool) -> PyResult<()> {
    let path = script.path.to_string_lossy().into_owned();
    let Ok(source) = std::fs::read(&script.path) else { return run_script(vm, scope, script) };
    if source.contains(&0)
        || path.ends_with(".pyc")
        || source.starts_with(&rustpython_vm::version::PYC_MAGIC_NUMBER_BYTES[..2])
    {
        return run_script(vm, scope, script); // rustpython's own errors and `.pyc` loading
    }
    // An earlier run kept what it made of this source: nothing to compile, when nothing
    // could have shown a warning of the compile other than through `sys.stderr`.
    let untouched = jit && warnings_untouched(vm);
    let cached = if untouched { from_cache(vm, &source, &path) } else { Cached::Miss };
    let loaded = match cached {
        Cached::Code(code) => return run_as_main(vm, scope, &path, code),
        Cached::Entry(entry) => Some(entry),
        Cached::Miss => None,
    };
    // A syntax error is reported by `run_script`, as rustpython reports it. In automatic
    // mode, whether the compile printed anything decides whether a later run may skip it.
    let (module, quiet) = if jit {
        let (module, wrote) = crate::automatic::compile_witnessed(vm, || compile_source(vm, &source, &path, jit));
        (module, !wrote)
    } else {
        (compile_source(vm, &source, &path, jit), false)
    };
    let Ok(module) = module else { return run_script(vm, scope, script) };
    let code = if jit { transformed_or_written(vm, module, quiet, loaded, &source, &path) } else { module };
    run_as_main(vm, scope, &path, code)
}

/// What `_PyRun_SimpleFileObject` does around the code of a script file: `__loader__`,
/// then `__file__` and `__cached__` while it runs, and the flush after.
fn run_as_main(vm: &VirtualMachine, scope: Scope, path: &str, code: PyRef<PyCode>) -> PyResult<()> {
    // `importlib.machinery.SourceFileLoader` is this class; CPython does not import
    // `importlib` to make the loader either.
    let external = vm.import("_frozen_importlib_external", 0)?;
    let loader = external.get_attr("SourceFileLoader", vm)?.call(("__main__", path), vm)?;
    scope.globals.set_item("__loader__", loader, vm)?;
    let set_file = !scope.globals.contains_key("__file__", vm);
    if set_file {
        scope.globals.set_item("__file__", vm.ctx.new_str(path).into(), vm)?;
        scope.globals.set_item("__cached__", vm.ctx.none(), vm)?;
    }
    let result = vm.run_code_obj(code, scope.clone()).map(drop);
    flush_streams(vm, &["stdout", "stderr"]);
    if set_file {
        let _ = scope.globals.del_item("__file__", vm);
        let _ = scope.globals.del_item("__cached__", vm);
    }
    result
}

/// Runs the script under the argument-type profile, then prints annotations, whatever
/// the script's outcome.
fn run_annotated(vm: &VirtualMachine, scope: Scope, script: &Script, text: bool, html: Option<&str>) -> PyResult<()> {
    let path = script.path.to_string_lossy().into_owned();
    let source = std::fs::read(&script.path).unwrap_or_default();
    let Ok(module) = compile_bytes(vm, &source, &path, Mode::Exec) else {
        return run_script(vm, scope, script); // a syntax error: the run reports it
    };
    let profile = std::sync::Arc::new(crate::annotate::CallProfile::default());
    crate::annotate::install(vm, path.clone(), profile.clone())?;
    let result = run_script_compiled(vm, scope, script, false);
    vm.sys_module.get_attr("setprofile", vm)?.call((vm.ctx.none(),), vm)?;
    let source_text = String::from_utf8_lossy(&source);
    if let Err(err) = crate::annotate::report(&module.code, &source_text, &profile, html, text) {
        eprintln!("pynum-run: cannot write the annotations: {err}");
    }
    result
}

/// Compiles a script only to show the compiler's stages; a file that does not compile
/// shows nothing here and fails in the run that follows, as it would without dumps.
fn dump_file(vm: &VirtualMachine, path: &std::path::Path, dumps: &[pynum_jit::Dump]) {
    let Ok(source) = std::fs::read(path) else { return };
    if let Ok(code) = compile_bytes(vm, &source, &path.to_string_lossy(), Mode::Exec) {
        write_dumps(&code.code, dumps);
    }
}

/// Every code object of a module, outermost first, through each requested stage.
fn write_dumps<C: rustpython_vm::bytecode::Constant>(
    module: &rustpython_vm::bytecode::CodeObject<C>,
    dumps: &[pynum_jit::Dump],
) {
    if dumps.is_empty() {
        return;
    }
    let mut codes = Vec::new();
    pynum_jit::bytecode::walk_code_objects(module, &mut codes);
    let mut out = String::new();
    for code in codes {
        match pynum_jit::analyze(code) {
            Ok(analysis) => {
                for &dump in dumps {
                    out.push_str(&analysis.dump(dump));
                }
            }
            Err(err) => out.push_str(&format!("---- {} not analyzed: {err}\n", code.qualname.as_ref())),
        }
    }
    eprint!("{out}");
}

fn compile_bytes(
    vm: &VirtualMachine,
    source: &[u8],
    filename: &str,
    mode: Mode,
) -> PyResult<PyRef<rustpython_vm::builtins::PyCode>> {
    let mode = match mode {
        Mode::Exec => "exec",
        Mode::Eval => "eval",
        _ => "single",
    };
    let compile = vm.builtins.get_attr("compile", vm)?;
    let bytes: PyRef<PyBytes> = vm.ctx.new_bytes(source.to_vec());
    let code = compile.call((bytes, filename, mode), vm)?;
    code.downcast().map_err(|obj| vm.new_type_error(format!("compile() returned {}", obj.class().name())))
}
