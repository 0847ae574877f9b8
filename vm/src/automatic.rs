//! Automatic mode: the program's own modules are compiled again so that native code can
//! run them. A module's source is parsed once; its constants are folded
//! (`constant_folding.rs`), its top-level functions that may compile get a dispatcher
//! (`_pynum.auto`), its loops are lifted into hidden functions (`pynum_jit::looplift`)
//! linked in as constants (`hidden_names.rs`), and the maps the dispatcher reads are
//! filled: transformed code to the code as written (`dispatcher::ORIGINAL_CODE`) and a
//! candidate to its interleaved variant (`dispatcher::VARIANT_CODE`). The import hook sends
//! every module the program imports from source through the same transform.
//!
//! Assumes the `_pynum` module is registered (`interpreter::build`) and that a transform
//! that cannot be made leaves the module as written: a pynum shortcoming must never
//! become the program's error.

use rustpython_vm::{
    builtins::{PyCode, PyStrRef},
    compiler::Mode,
    AsObject, PyObjectRef, PyRef, PyResult, VirtualMachine,
};

use pynum_jit::events::JitEvent;

use crate::transform_cache::{LiftedModule, Transformed};

/// Puts [`transform_module`] in the `_pynum` module as `_pynum.transform_module`, where
/// the import hook ([`install_import_hook`]) finds it.
pub(crate) fn install(vm: &VirtualMachine) -> PyResult<()> {
    let function = vm.new_function("transform_module", transform_module);
    vm.import("_pynum", 0)?.set_attr("transform_module", function, vm)
}

/// Automatic mode for the user's modules: `SourceFileLoader.get_code` hands each module
/// the program imports from source (the stdlib is frozen and never goes through it) to
/// `_pynum.transform_module`, which compiles it with the loader's `source_to_code`. It
/// neither reads nor writes `__pycache__`: cached code would skip the transformation,
/// and transformed code must not reach a later run without the JIT. The hook is compiled under importlib's file
/// name, so tracebacks drop its frame as they drop importlib's.
pub(crate) fn install_import_hook(vm: &VirtualMachine) -> PyResult<()> {
    const HOOK: &str = "\
def get_code(self, fullname):
    path = self.get_filename(fullname)
    return _transform(self, self.get_data(path), path)
";
    let code = vm
        .compile(HOOK, Mode::Exec, "<frozen importlib._bootstrap_external>")
        .map_err(|err| vm.new_runtime_error(format!("pynum: the import hook does not compile: {err:?}")))?;
    let scope = vm.new_scope_with_builtins();
    scope.globals.set_item("_transform", vm.import("_pynum", 0)?.get_attr("transform_module", vm)?, vm)?;
    vm.run_code_obj(code, scope.clone())?;
    let loader = vm.import("_frozen_importlib_external", 0)?.get_attr("SourceFileLoader", vm)?;
    loader.set_attr("get_code", scope.globals.get_item("get_code", vm)?, vm)
}

/// `_pynum.transform_module(loader, source, path)`: automatic mode's import hook. The
/// module's code from `loader.source_to_code(source, path)`; for a module of the
/// user's own (not one under `site-packages`) compiled again with its constants folded,
/// dispatchers and lifted loops ([`compile_automatic`], which parses the source once
/// for all of these), for any other with its constants folded by `compile`.
fn transform_module(
    loader: PyObjectRef,
    source: PyObjectRef,
    path: PyStrRef,
    vm: &VirtualMachine,
) -> PyResult<PyRef<PyCode>> {
    let to_code = |vm: &VirtualMachine| -> PyResult<PyRef<PyCode>> {
        let code = vm.call_method(&loader, "source_to_code", (source.clone(), path.clone()))?;
        code.downcast().map_err(|obj| vm.new_type_error(format!("source_to_code() returned {}", obj.class().name())))
    };
    let path = path.to_string();
    let path = path.as_str();
    // A loader of the program's own that makes other code of the source
    // (`source_to_code` overridden) gets that code run as it made it: the transform reads
    // the source.
    if path.contains("site-packages") || path.contains("dist-packages") || !compiles_as_written(&loader, vm)? {
        return to_code(vm);
    }
    let bytes =
        <rustpython_vm::function::ArgBytesLike as rustpython_vm::TryFromObject>::try_from_object(vm, source.clone())?
            .borrow_buf()
            .to_vec();
    // An import compiles its source at every run (whether CPython would load bytecode
    // instead, and so print no compile-time warning, follows rules of its own: `-B`,
    // `sys.dont_write_bytecode`, existing `.pyc` files, the loader's `set_data`).
    let code = crate::constant_folding::with_caller_folding(|| to_code(vm))?;
    match compile_automatic(vm, &code, false, &bytes, path, &[], None) {
        Ok(Some(transformed)) => Ok(transformed),
        // Neither folding nor lifting applies: the module as rustpython compiled it.
        Ok(None) | Err(_) => Ok(code),
    }
}

/// The module compiled again from its AST with its constant arithmetic folded
/// (`constant_folding.rs`), dispatchers and lifted loops, or `None` when there is nothing
/// to fold and nothing in it can run natively (then `module` runs, untouched). `module`
/// is the code as rustpython compiled it, constants as it folded them. What the
/// transform makes of a file is kept between runs (`transform_cache.rs`), as CPython
/// keeps bytecode: a later run of the same source by the same pynum only links it.
///
/// `reusable` says whether a later run may run the cached copy of `module` instead of
/// compiling the source (its compile printed nothing: see [`from_cache`]); `loaded` is
/// the cache's entry for the source when the caller has already read it
/// ([`Cached::Entry`]).
pub(crate) fn compile_automatic(
    vm: &VirtualMachine,
    module: &PyRef<PyCode>,
    reusable: bool,
    source: &[u8],
    filename: &str,
    defined_globals: &[String],
    loaded: Option<Transformed>,
) -> PyResult<Option<PyRef<PyCode>>> {
    let started = std::time::Instant::now();
    let key = cache_key(vm, source, filename, defined_globals);
    let loaded = loaded.or_else(|| key.as_ref().and_then(|key| crate::transform_cache::load(vm, key)));
    let (made, from_cache) = match loaded {
        Some(made) => (made, true),
        None => {
            let made = transform(vm, module, source, filename, defined_globals)?;
            let made = Transformed { written: reusable.then(|| module.clone()), ..made };
            if let Some(key) = &key {
                crate::transform_cache::store(vm, key, &made);
            }
            (made, false)
        }
    };
    install_transformed(vm, module, made, filename, started, from_cache)
}

/// What the transform cache holds for a script ([`from_cache`]).
pub(crate) enum Cached {
    /// The code to run; the source need not be compiled.
    Code(PyRef<PyCode>),
    /// An entry without the module as compiled (its compile printed something): the
    /// caller compiles, and hands the entry to [`compile_automatic`] rather than
    /// have it read again.
    Entry(Transformed),
    Miss,
}

/// The code to run for the module `filename` when an earlier run of the same pynum kept
/// what it made of `source` (`transform_cache.rs`): the transform linked to this run as
/// [`compile_automatic`] links it, or the module as compiled when nothing in it changes;
/// the source is not compiled at all.
pub(crate) fn from_cache(vm: &VirtualMachine, source: &[u8], filename: &str) -> Cached {
    let started = std::time::Instant::now();
    let Some(key) = cache_key(vm, source, filename, &[]) else { return Cached::Miss };
    let Some(mut made) = crate::transform_cache::load(vm, &key) else { return Cached::Miss };
    let Some(written) = made.written.take() else { return Cached::Entry(made) };
    // What runs when linking fails: folding is a correction, kept whatever happens.
    let as_written = made.folded.clone().unwrap_or_else(|| written.clone());
    match install_transformed(vm, &written, made, filename, started, true) {
        Ok(Some(code)) => Cached::Code(code),
        Ok(None) | Err(_) => Cached::Code(as_written),
    }
}

/// Whether `loader` compiles a source as the builtin `compile` does: its class keeps
/// importlib's `source_to_code`.
fn compiles_as_written(loader: &PyObjectRef, vm: &VirtualMachine) -> PyResult<bool> {
    let standard = vm.import("_frozen_importlib_external", 0)?.get_attr("SourceLoader", vm)?;
    let standard = standard.get_attr("source_to_code", vm)?;
    Ok(loader.class().as_object().get_attr("source_to_code", vm)?.is(&standard))
}

/// Runs `compile` with `sys.stderr` behind a witness that passes every write on and
/// notes that there was one; returns its result and whether it wrote. A script whose
/// compile printed nothing (no `SyntaxWarning` under the warning options in force, which
/// the cache's key holds) may run from the cache without compiling ([`from_cache`]),
/// while CPython prints a script's compile-time warnings at every run. Used before the
/// program's own code runs, so nothing of the program sees the witness.
pub(crate) fn compile_witnessed<T>(vm: &VirtualMachine, compile: impl FnOnce() -> T) -> (T, bool) {
    if !warnings_untouched(vm) {
        return (compile(), true);
    }
    const WITNESS: &str = "\
class Witness:
    def __init__(self, stream):
        self.stream = stream
        self.wrote = False
    def write(self, text):
        self.wrote = True
        return self.stream.write(text)
    def __getattr__(self, name):
        return getattr(self.stream, name)
";
    let witness = (|| -> PyResult<(PyObjectRef, PyObjectRef)> {
        let code = vm
            .compile(WITNESS, rustpython_vm::compiler::Mode::Exec, "<pynum>")
            .map_err(|err| vm.new_runtime_error(format!("{err:?}")))?;
        let scope = vm.new_scope_with_builtins();
        vm.run_code_obj(code, scope.clone())?;
        let stderr = vm.sys_module.get_attr("stderr", vm)?;
        let witness = scope.globals.get_item("Witness", vm)?.call((stderr.clone(),), vm)?;
        vm.sys_module.set_attr("stderr", witness.clone(), vm)?;
        Ok((witness, stderr))
    })();
    let Ok((witness, stderr)) = witness else { return (compile(), true) };
    let result = compile();
    let restored = vm.sys_module.set_attr("stderr", stderr, vm);
    let wrote = witness.get_attr("wrote", vm).and_then(|w| w.try_to_bool(vm)).unwrap_or(true);
    (result, wrote || restored.is_err())
}

/// Whether a script's compile-time warnings can only print to `sys.stderr` as it was at
/// start-up, so that a witness there sees them and nothing else can see the witness: the
/// `warnings` module not imported (no filter, `showwarning` or `logging.captureWarnings`
/// of a `sitecustomize`'s, no `-W` or `PYTHONWARNINGS`), `sys.stderr` the one the
/// interpreter made, and no thread but the main one.
pub(crate) fn warnings_untouched(vm: &VirtualMachine) -> bool {
    let imported = vm.sys_module.get_attr("modules", vm).and_then(|m| m.get_item("warnings", vm)).is_ok();
    let stderr = vm.sys_module.get_attr("stderr", vm);
    let original = vm.sys_module.get_attr("__stderr__", vm);
    let same = matches!((stderr, original), (Ok(now), Ok(original)) if now.is(&original));
    !imported && same && vm.state.thread_count.load() == 0
}

/// The cache entry's key for `source`, or `None` for code the cache does not keep: code
/// typed at a prompt (it depends on the session's globals, and is never run again) and
/// code with no file (`-c`, stdin, `exec` of a string).
fn cache_key(
    vm: &VirtualMachine,
    source: &[u8],
    filename: &str,
    defined_globals: &[String],
) -> Option<crate::transform_cache::Key> {
    let config = crate::dispatcher::config(vm);
    let settings = &vm.state.config.settings;
    // What decides which compile-time warnings print (a cached module compiles nothing).
    let environment = (!settings.ignore_environment).then(|| std::env::var("PYTHONWARNINGS").ok()).flatten();
    let warnings = format!("{:?} {:?} {}", settings.warnoptions, environment, settings.dev_mode);
    (defined_globals.is_empty() && !filename.starts_with('<')).then(|| {
        crate::transform_cache::Key::new(source, filename, config.loops_start_cold(), settings.optimize, &warnings)
    })
}

/// Parses, folds and lifts: everything that depends on the source alone.
fn transform(
    vm: &VirtualMachine,
    module: &PyRef<PyCode>,
    source: &[u8],
    filename: &str,
    defined_globals: &[String],
) -> PyResult<Transformed> {
    // The module compiled as written, so it parses; a source the Rust parser cannot
    // take as it is (another encoding) simply runs as written. rustpython's compile
    // drops a byte-order mark and reads CRLF as LF; the AST is made from the same text.
    let Ok(text) = std::str::from_utf8(source) else { return Ok(Transformed::default()) };
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let normalized;
    let text = if text.contains("\r\n") {
        normalized = text.replace("\r\n", "\n");
        normalized.as_str()
    } else {
        text
    };
    let Ok(parsed) = rustpython_compiler::parser::parse_module(text) else { return Ok(Transformed::default()) };
    let mut tree = rustpython_compiler::ast::Mod::Module(parsed.into_syntax());
    let future_annotations = module.code.flags.contains(rustpython_vm::bytecode::CodeFlags::FUTURE_ANNOTATIONS);
    let changed = crate::constant_folding::fold(vm, &mut tree, future_annotations);
    let rustpython_compiler::ast::Mod::Module(ast) = tree else { unreachable!("parsed as a module") };
    let folded =
        if changed { compile_module_ast(vm, ast.clone(), text, filename, "folding constants").ok() } else { None };
    // The code as written is the folded one: dispatchers compile its functions.
    let as_written = folded.as_ref().unwrap_or(module);
    // Folding is a correction, lifting an optimization that may not be made.
    let lifted = lift_loops(vm, as_written, ast, text, filename, defined_globals).ok().flatten();
    Ok(Transformed { written: None, folded, lifted })
}

/// `module` (compiled from `ast`) with dispatchers and lifted loops, or `None` when
/// nothing in it can run natively.
fn lift_loops(
    vm: &VirtualMachine,
    module: &PyRef<PyCode>,
    mut ast: rustpython_compiler::ast::ModModule,
    text: &str,
    filename: &str,
    defined_globals: &[String],
) -> PyResult<Option<LiftedModule>> {
    let mut codes = Vec::new();
    pynum_jit::bytecode::walk_code_objects(&module.code, &mut codes);
    // Each code object analyzed once, for the candidates here and the lift plans: the
    // module's top-level functions (candidates) and whatever has a loop (plans). Code
    // without either costs a scan of its units.
    let top_level = |qualname: &str| !qualname.contains(['.', '<']);
    let analyzed: Vec<_> = codes
        .iter()
        .enumerate()
        .filter(|(index, code)| {
            (*index > 0 && top_level(AsRef::<str>::as_ref(code.qualname)))
                || pynum_jit::bytecode::has_backward_jump(*code)
        })
        .map(|(index, code)| (index, *code, pynum_jit::analyze(*code).ok()))
        .collect();
    let candidates: Vec<String> = analyzed
        .iter()
        .filter(|(index, code, _)| *index > 0 && top_level(AsRef::<str>::as_ref(code.qualname)))
        .filter(|(_, code, analysis)| {
            matches!(analysis, Some(pynum_jit::Analysis { ir: Ok(func), .. })
                if pynum_jit::auto::is_candidate(func) && crate::dispatcher::plain_positional(code))
        })
        .map(|(_, code, _)| AsRef::<str>::as_ref(code.obj_name).to_owned())
        .collect();
    let analyses: Vec<pynum_jit::Analysis> = analyzed.into_iter().filter_map(|(_, _, analysis)| analysis).collect();
    // Native-only variants of candidates, made from the code as written.
    let variants: Vec<rustpython_compiler::ast::Stmt> = ast
        .body
        .iter()
        .filter_map(|stmt| match stmt {
            rustpython_compiler::ast::Stmt::FunctionDef(func)
                if candidates.iter().any(|c| c.as_str() == func.name.as_str()) =>
            {
                pynum_jit::interleave::variant(func).map(rustpython_compiler::ast::Stmt::FunctionDef)
            }
            _ => None,
        })
        .collect();
    // PYNUM_JIT_THRESHOLD=0 compiles loops at their first entry; otherwise a loop may
    // start cold and move into native code once `_pynum.tick` finds it hot.
    let loops_start_cold = crate::dispatcher::config(vm).loops_start_cold();
    let lifting =
        pynum_jit::looplift::transform(&mut ast, text, &analyses, &candidates, defined_globals, loops_start_cold);
    if !lifting.changed() {
        return Ok(None);
    }
    let code = compile_module_ast(vm, ast, text, filename, "recompiling for automatic mode")?;
    let hidden = if lifting.lifted.is_empty() {
        None
    } else {
        let module = module_of(lifting.lifted.iter().map(|hidden| hidden.def.clone()).collect());
        Some(compile_module_ast(vm, module, text, filename, "compiling lifted loops")?)
    };
    let loops = lifting
        .lifted
        .iter()
        .map(|hidden| (hidden.name.clone(), hidden.reference().to_owned(), hidden.start, hidden.trip_names.clone()))
        .collect();
    let variants = if variants.is_empty() {
        None
    } else {
        Some(compile_module_ast(vm, module_of(variants), text, filename, "compiling interleaved variants")?)
    };
    Ok(Some(LiftedModule { code, hidden, loops, variants, functions: lifting.decorated.len() }))
}

/// A module of `body`'s statements, to compile on their own.
fn module_of(body: Vec<rustpython_compiler::ast::Stmt>) -> rustpython_compiler::ast::ModModule {
    rustpython_compiler::ast::ModModule {
        node_index: Default::default(),
        range: Default::default(),
        body: body.into(),
        runtime_body: None,
    }
}

/// Links what the transform made to this run's objects and fills the maps the
/// dispatcher reads: the module to run, or `None` when `module` runs as it is.
fn install_transformed(
    vm: &VirtualMachine,
    module: &PyRef<PyCode>,
    made: Transformed,
    filename: &str,
    started: std::time::Instant,
    from_cache: bool,
) -> PyResult<Option<PyRef<PyCode>>> {
    let Transformed { folded, lifted, .. } = made;
    let Some(lifted) = lifted else { return Ok(folded) };
    let as_written = folded.as_ref().unwrap_or(module);
    let config = crate::dispatcher::config(vm);
    let linked = runtime_objects(vm, &lifted).and_then(|objects| {
        use crate::dispatcher::LiftedLoop;
        let is_lifted_loop = |object: &rustpython_vm::PyObjectRef| object.downcast_ref::<LiftedLoop>().is_some();
        let mut bypasses = Vec::new();
        let linked = crate::hidden_names::link(vm, &lifted.code, &objects, &is_lifted_loop, &mut bypasses)
            .map_err(|err| vm.new_runtime_error(err.to_string()))?;
        for (object, nop) in &bypasses {
            if let Some(lifted_loop) = object.downcast_ref::<LiftedLoop>() {
                lifted_loop.add_bypass(*nop);
            }
        }
        Ok(linked)
    });
    let linked = match linked {
        Ok(linked) => linked,
        Err(err) => {
            // The module runs as written: correct, just not compiled.
            let why = format!("linking failed: {}", err.as_object().str(vm).map(|s| s.to_string()).unwrap_or_default());
            crate::dispatcher::record(&config, JitEvent::NotTransformed { file: filename.to_owned(), why });
            return Ok(folded);
        }
    };
    remember_original_functions(as_written, &linked);
    if let Some(variants) = &lifted.variants {
        map_same_functions(&crate::dispatcher::VARIANT_CODE, as_written, variants);
    }
    let event = JitEvent::Transformed {
        file: filename.to_owned(),
        milliseconds: started.elapsed().as_secs_f64() * 1e3,
        functions: lifted.functions,
        lifted_loops: lifted.loops.len(),
        from_cache,
    };
    crate::dispatcher::record(&config, event);
    Ok(Some(linked))
}

/// What `__pynum__.<attribute>` stands for in the transformed module (see
/// `hidden_names.rs`): the `_pynum` helpers, and each lifted loop's hidden function,
/// compiled on its own (as the interleaved variants are) and never bound to a name.
fn runtime_objects(
    vm: &VirtualMachine,
    lifted: &LiftedModule,
) -> PyResult<std::collections::HashMap<String, rustpython_vm::PyObjectRef>> {
    use pynum_jit::looplift::{
        AUTO, AUTO_FIRST_CALL, AUTO_LIFTED, AUTO_LIFTED_BY, COUNTED, OSR_WANTED, RESUME, STOPPED, TICK, TIMED,
    };
    let pynum = vm.import("_pynum", 0)?;
    let mut objects = std::collections::HashMap::new();
    let helpers = [
        (AUTO, "auto"),
        (AUTO_FIRST_CALL, "auto_first_call"),
        (AUTO_LIFTED, "auto_lifted"),
        (AUTO_LIFTED_BY, "auto_lifted_by"),
        (TIMED, "timed"),
        (OSR_WANTED, "osr_wanted"),
        (RESUME, "resume"),
        (TICK, "tick"),
        (COUNTED, "counted"),
        (STOPPED, "stopped"),
    ];
    for (attribute, function) in helpers {
        objects.insert(attribute.to_owned(), pynum.get_attr(function, vm)?);
    }
    let Some(hidden) = &lifted.hidden else { return Ok(objects) };
    let codes = functions_of(hidden);
    for (name, reference, start, trip_names) in &lifted.loops {
        let code = codes
            .iter()
            .find(|&code| code.code.obj_name.as_str() == name)
            .cloned()
            .ok_or_else(|| vm.new_runtime_error(format!("pynum: the lifted loop {name} did not compile")))?;
        objects
            .insert(reference.clone(), crate::dispatcher::LiftedLoop::new_object(code, *start, trip_names.clone(), vm));
    }
    Ok(objects)
}

/// Functions compile from their code as written, not from the transformed code, where
/// loops are lifted-loop calls with the interpreter's fallback copy: candidates under
/// automatic mode's dispatcher, and `@njit` functions the script defines.
/// `dispatcher::ORIGINAL_CODE` maps one to the other for the dispatcher.
fn remember_original_functions(original: &PyRef<PyCode>, transformed: &PyRef<PyCode>) {
    map_same_functions(&crate::dispatcher::ORIGINAL_CODE, transformed, original);
}

/// `map[f] = g` for each function `f` of module `from` and the function `g` of module `to`
/// that is the same function of the source (name and first line).
fn map_same_functions(map: &crate::dispatcher::CodeMap, from: &PyRef<PyCode>, to: &PyRef<PyCode>) {
    let targets = functions_of(to);
    for function in functions_of(from) {
        if let Some(target) = targets.iter().find(|target| same_function(target, &function)) {
            map.insert(&function, target.clone());
        }
    }
}

/// Codegen for a module AST of `filename` (whose source is `text`).
fn compile_module_ast(
    vm: &VirtualMachine,
    module: rustpython_compiler::ast::ModModule,
    text: &str,
    filename: &str,
    doing: &str,
) -> PyResult<PyRef<PyCode>> {
    let source_file = ruff_source_file::SourceFileBuilder::new(filename, text).finish();
    let code = rustpython_compiler::codegen::compile::compile_top(
        rustpython_compiler::ast::Mod::Module(module),
        source_file,
        rustpython_compiler::Mode::Exec,
        vm.compile_opts(),
    )
    .map_err(|err| vm.new_runtime_error(format!("pynum: {doing} failed: {err}")))?;
    Ok(PyCode::new_ref_from_bytecode(vm, code))
}

/// Whether two code objects are the same function of one source (name and first line).
fn same_function(a: &PyRef<PyCode>, b: &PyRef<PyCode>) -> bool {
    a.code.obj_name.as_str() == b.code.obj_name.as_str() && a.code.first_line_number == b.code.first_line_number
}

/// The code objects of a module's functions and of its classes' methods.
fn functions_of(module: &PyRef<PyCode>) -> Vec<PyRef<PyCode>> {
    let nested = |code: &PyRef<PyCode>| -> Vec<PyRef<PyCode>> {
        code.code
            .constants
            .iter()
            .filter_map(|c| {
                std::borrow::Borrow::<rustpython_vm::PyObject>::borrow(c).to_owned().downcast::<PyCode>().ok()
            })
            .collect()
    };
    let mut out = Vec::new();
    for code in nested(module) {
        // A class body's code holds its methods.
        out.extend(nested(&code));
        out.push(code);
    }
    out
}
