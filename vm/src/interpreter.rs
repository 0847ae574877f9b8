//! Builds the rustpython interpreter pynum runs on: native stdlib modules, the frozen
//! Python stdlib, and the settings the command line chose.
//!
//! Assumes nothing is read from disk for the stdlib; `PYTHONPATH` adds user paths only.

use rustpython_vm::{Interpreter, InterpreterBuilder, Settings};

pub use crate::options::InterpreterOptions;

impl InterpreterOptions {
    fn settings(&self) -> Settings {
        let mut settings = Settings::default();
        settings.argv = self.argv.clone();
        settings.import_site = self.import_site;
        settings.isolated = self.isolated;
        settings.ignore_environment = self.ignore_environment || self.isolated;
        settings.user_site_directory = !(self.no_user_site || self.isolated);
        settings.safe_path = self.isolated;
        settings.buffered_stdio = !self.unbuffered;
        settings.write_bytecode = !self.dont_write_bytecode;
        settings.optimize = self.optimize;
        settings.quiet = self.quiet;
        settings.inspect = self.inspect;
        settings.xoptions = self.xoptions.clone();
        settings.warnoptions = self.warnoptions.clone();
        // CPython on these machines runs in a UTF-8 locale (or coerces the C locale to
        // one, PEP 538); rustpython would otherwise ask an uninitialised C locale and
        // get ASCII.
        settings.utf8_mode = 1;
        settings.stdio_encoding = Some("utf-8".to_owned());
        if !settings.ignore_environment {
            apply_environment(&mut settings);
        }
        settings
    }
}

/// An interpreter with every native stdlib module and the frozen Python stdlib.
pub fn build(options: &InterpreterOptions) -> Interpreter {
    let builder = InterpreterBuilder::new().settings(options.settings());
    let mut native_modules = rustpython_stdlib::stdlib_module_defs(&builder.ctx);
    crate::cpython_fidelity::replace_math_functions(&mut native_modules);
    let pynum_module = crate::dispatcher::module_def(&builder.ctx);
    let lazy_ast = crate::lazy_ast::module_def(&builder.ctx);
    // `numpy`'s native half; registering it costs a table entry, importing it is lazy.
    let numpy_native = pynum_numpy::module_def(&builder.ctx);
    // The collection schedule queues its older-generation collections through this.
    let (pending_calls, pending_calls_receiver) = rustpython_vm::signal::user_signal_channel();
    // Indexing the frozen stdlib read every page of it; the modules imported at start-up
    // fault their own pages back in.
    let frozen_stdlib = crate::frozen_pages::index(rustpython_pylib::FROZEN_STDLIB);
    crate::frozen_pages::release(&rustpython_pylib::FROZEN_STDLIB.bytes);
    let interp = builder
        .init_hook(move |vm| vm.set_user_signal_channel(pending_calls_receiver))
        .add_native_modules(&native_modules)
        .add_native_modules(lazy_ast.as_slice())
        .add_native_module(pynum_module)
        .add_native_module(numpy_native)
        .add_frozen_modules(frozen_stdlib)
        .add_frozen_modules(rustpython_vm::py_freeze!(dir = "../../stdlib-shims"))
        .build();
    interp.enter(|vm| {
        vm.expect_pyresult(crate::lazy_ast::finish_start_up(vm), "start-up of _ast");
        vm.expect_pyresult(crate::cpython_fidelity::install(vm), "CPython's arithmetic");
        crate::sequence_repeat::install(vm);
        crate::module_getattr::install(vm);
        vm.expect_pyresult(crate::constant_folding::install(vm), "constant folding in exec and eval");
        vm.expect_pyresult(import_compat_shim(vm), "CPython 3.11's defaults");
        vm.expect_pyresult(crate::trace_filter::install(vm), "CPython's trace events");
        vm.expect_pyresult(crate::function_defaults::install(vm), "function defaults");
        vm.expect_pyresult(crate::dispatcher::compiled_functions::install(vm), "compiled functions stay functions");
        vm.expect_pyresult(crate::dispatcher::remember_original_builtins(vm), "a copy of builtins");
        vm.expect_pyresult(crate::automatic::install(vm), "automatic mode's import hook");
        vm.expect_pyresult(crate::gc_schedule::install(vm, pending_calls), "the collection schedule");
    });
    interp
}

/// `stdlib-shims/_pynum_compat.py` puts back a 3.11 default the 3.14 standard library
/// changed (multiprocessing's start method), then leaves no module behind.
fn import_compat_shim(vm: &rustpython_vm::VirtualMachine) -> rustpython_vm::PyResult<()> {
    vm.import("_pynum_compat", 0)?;
    vm.sys_module.get_attr("modules", vm)?.del_item("_pynum_compat", vm)
}

/// The `PYTHON*` variables CPython reads at start-up (rustpython-vm leaves this to its
/// binary, which pynum does not use).
fn apply_environment(settings: &mut Settings) {
    let var = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
    if let Some(paths) = std::env::var_os("PYTHONPATH") {
        settings.path_list.extend(std::env::split_paths(&paths).map(|p| p.to_string_lossy().into_owned()));
    }
    if var("PYTHONUNBUFFERED").is_some() {
        settings.buffered_stdio = false;
    }
    if var("PYTHONDONTWRITEBYTECODE").is_some() {
        settings.write_bytecode = false;
    }
    if var("PYTHONSAFEPATH").is_some() {
        settings.safe_path = true;
    }
    if let Some(io_encoding) = var("PYTHONIOENCODING") {
        let (encoding, errors) = match io_encoding.split_once(':') {
            Some((encoding, errors)) => (encoding.to_owned(), Some(errors.to_owned())),
            None => (io_encoding, None),
        };
        if !encoding.is_empty() {
            settings.stdio_encoding = Some(encoding);
        }
        settings.stdio_errors = errors.filter(|e| !e.is_empty());
    }
    if var("PYTHONUTF8").as_deref() == Some("0") {
        settings.utf8_mode = 0;
    }
    match var("PYTHONHASHSEED").as_deref() {
        None | Some("random") => {}
        Some(seed) => settings.hash_seed = seed.parse().ok(),
    }
    if let Some(digits) = var("PYTHONINTMAXSTRDIGITS").and_then(|d| d.parse().ok()) {
        settings.int_max_str_digits = digits;
    }
    if let Some(warnings) = var("PYTHONWARNINGS") {
        // Command-line -W options come after, so they take precedence, as in CPython.
        let mut from_env: Vec<String> = warnings.split(',').map(str::to_owned).collect();
        from_env.append(&mut settings.warnoptions);
        settings.warnoptions = from_env;
    }
}
