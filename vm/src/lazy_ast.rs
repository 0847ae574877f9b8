//! `_ast` without its start-up cost. rustpython imports `_ast` while it initializes (so
//! that `compile(..., PyCF_ONLY_AST)` finds the node types), and creating its ~120
//! classes is a sixth of an empty script's start-up (9.9M of 59.8M instructions).
//! CPython imports `_ast` only when asked. Here the module rustpython imports at start-up
//! stays empty and leaves `sys.modules`; the next `import _ast` (from `ast`) runs the real
//! module's code, and `compile` runs that code on a module of its own first when its
//! flags ask for an AST.
//!
//! The same `compile` folds constant arithmetic with CPython's answers
//! (`constant_folding.rs`) in the code it compiles from source.
//!
//! Assumes rustpython creates the node types only in `_ast`'s exec (they are static types:
//! using one before it ran panics) and that no one but `compile` asks for them without
//! importing `_ast` (an AST object to compile comes from `_ast`'s own types).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

use rustpython_vm::{
    builtins::{PyBytes, PyCode, PyInt, PyModule, PyModuleDef, PyModuleSlots, PyStr},
    function::{Callee, FuncArgs, PyMethodDef},
    Context, Py, PyObjectRef, PyRef, PyResult, VirtualMachine,
};

type ModuleExec = fn(&VirtualMachine, &Py<PyModule>) -> PyResult<()>;

static REAL_EXEC: OnceLock<ModuleExec> = OnceLock::new();
static REAL_COMPILE: OnceLock<&'static PyMethodDef> = OnceLock::new();
static DEFINITION: OnceLock<&'static PyModuleDef> = OnceLock::new();
/// Whether `_ast`'s exec has run once, which is what makes the node types.
static NODE_TYPES_MADE: AtomicBool = AtomicBool::new(false);

/// `compile`'s flags that make it build (or take) an AST: `PyCF_ONLY_AST`, `PyCF_OPTIMIZED_AST`.
const AST_FLAGS: i64 = 0x400 | 0x8000;

/// rustpython's `_ast` definition with its exec deferred past start-up, to register after
/// the stdlib's (the last definition of a name wins). `None` when rustpython has no `_ast`.
pub fn module_def(ctx: &Context) -> Option<&'static PyModuleDef> {
    let real = rustpython_vm::stdlib::builtin_module_defs(ctx).into_iter().find(|def| def.name.as_str() == "_ast")?;
    let exec = real.slots.exec?;
    REAL_EXEC.get_or_init(|| exec);
    let definition: &'static PyModuleDef = Box::leak(Box::new(PyModuleDef {
        name: real.name,
        doc: real.doc,
        methods: real.methods,
        slots: PyModuleSlots { create: real.slots.create, exec: Some(exec_after_start_up) },
    }));
    Some(*DEFINITION.get_or_init(|| definition))
}

fn exec_after_start_up(vm: &VirtualMachine, module: &Py<PyModule>) -> PyResult<()> {
    if !vm.initialized {
        return Ok(());
    }
    REAL_EXEC.get().expect("set with the definition")(vm, module)?;
    NODE_TYPES_MADE.store(true, Ordering::Release);
    Ok(())
}

/// Makes the node types, once, without the import system (where `sys.modules['_ast']`
/// may hold anything): `_ast`'s exec on a module of its own, as CPython's `compile`
/// has its AST types whatever `sys.modules` says.
fn make_node_types(vm: &VirtualMachine) -> PyResult<()> {
    if NODE_TYPES_MADE.load(Ordering::Acquire) {
        return Ok(());
    }
    let definition = DEFINITION.get().expect("registered before compile was replaced");
    let module = definition.create_module(vm)?;
    exec_after_start_up(vm, &module)
}

/// After start-up: drops the empty `_ast` from `sys.modules` and puts a `compile` that
/// imports `_ast` when it needs an AST in `builtins`. Does nothing if `module_def` was not
/// registered.
pub fn finish_start_up(vm: &VirtualMachine) -> PyResult<()> {
    if REAL_EXEC.get().is_none() {
        return Ok(());
    }
    let modules = vm.sys_module.get_attr("modules", vm)?;
    if let Ok(ast) = modules.get_item("_ast", vm) {
        let empty = ast.downcast_ref::<PyModule>().is_some_and(|m| m.get_attr("AST", vm).is_err());
        if empty {
            modules.del_item("_ast", vm)?;
        }
    }
    let builtins = &vm.builtins;
    let Some(real) = builtins.def.and_then(|def| def.methods.iter().find(|m| m.name == "compile")) else {
        return Ok(());
    };
    REAL_COMPILE.get_or_init(|| real);
    let def: &'static PyMethodDef = Box::leak(Box::new(PyMethodDef {
        func: rustpython_vm::function::static_raw_func(compile_making_node_types),
        ..real.clone()
    }));
    let compile = def
        .to_function()
        .with_module(builtins.name.expect("builtins has a name"))
        .with_module_object(builtins.to_owned().into())
        .into_ref(&vm.ctx);
    builtins.set_attr("compile", compile, vm)?;
    Ok(())
}

fn compile_making_node_types(vm: &VirtualMachine, args: FuncArgs, callee: Callee) -> PyResult {
    let flags: Option<&PyObjectRef> = args.args.get(3).or_else(|| args.kwargs.get("flags"));
    // Flags that are not a plain int are read by `compile` itself (their `__index__` must
    // run once); making the node types for them is harmless.
    let wants_ast = flags.is_some_and(|flags| match flags.downcast_ref::<PyInt>() {
        Some(int) => i64::try_from(int.as_bigint()).map_or(true, |flags| flags & AST_FLAGS != 0),
        None => true,
    });
    if wants_ast {
        make_node_types(vm)?;
    }
    let real = REAL_COMPILE.get().expect("set before compile was replaced");
    if wants_ast || !crate::constant_folding::compile_should_fold() {
        return (real.func)(vm, args, callee);
    }
    let request = FoldingRequest::of(vm, &args);
    let compiled = (real.func)(vm, args, callee)?;
    match (request, compiled.downcast::<PyCode>()) {
        (Some(request), Ok(code)) => Ok(request.refold(vm, code).into()),
        (_, Ok(code)) => Ok(code.into()),
        (_, Err(other)) => Ok(other),
    }
}

/// What `compile(source, filename, mode, flags, dont_inherit, optimize)` asked for, kept
/// to compile the source again with its constants folded
/// ([`crate::constant_folding::refold`]). Only sources given as text or UTF-8 bytes.
struct FoldingRequest {
    source: String,
    mode: rustpython_vm::compiler::Mode,
    opts: rustpython_vm::compiler::CompileOpts,
}

/// `PyCF_DONT_IMPLY_DEDENT`, `PyCF_ALLOW_TOP_LEVEL_AWAIT`.
const DONT_IMPLY_DEDENT: i64 = 0x200;
const ALLOW_TOP_LEVEL_AWAIT: i64 = 0x2000;

impl FoldingRequest {
    fn of(vm: &VirtualMachine, args: &FuncArgs) -> Option<Self> {
        let argument = |index: usize, name: &str| args.args.get(index).or_else(|| args.kwargs.get(name));
        let source = argument(0, "source")?;
        let source = if let Some(text) = source.downcast_ref::<PyStr>() {
            text.to_str()?.to_owned()
        } else {
            let bytes = source.downcast_ref::<PyBytes>()?;
            crate::constant_folding::utf8_source(bytes.as_bytes())?.to_owned()
        };
        let mode = match argument(2, "mode")?.downcast_ref::<PyStr>()?.to_str()? {
            "exec" => rustpython_vm::compiler::Mode::Exec,
            "eval" => rustpython_vm::compiler::Mode::Eval,
            "single" => rustpython_vm::compiler::Mode::Single,
            _ => return None,
        };
        let small_int = |index, name| match argument(index, name) {
            None => Some(None),
            Some(value) => value.downcast_ref::<PyInt>().and_then(|int| i64::try_from(int.as_bigint()).ok()).map(Some),
        };
        let flags = small_int(3, "flags")?.unwrap_or(0);
        let mut opts = vm.compile_opts();
        if let Some(optimize @ 0..=2) = small_int(5, "optimize")? {
            opts.optimize = optimize as u8;
        }
        opts.allow_top_level_await = flags & ALLOW_TOP_LEVEL_AWAIT != 0;
        opts.dont_imply_dedent = flags & DONT_IMPLY_DEDENT != 0;
        Some(Self { source, mode, opts })
    }

    fn refold(self, vm: &VirtualMachine, code: PyRef<PyCode>) -> PyRef<PyCode> {
        crate::constant_folding::refold(vm, code, &self.source, self.mode, self.opts)
    }
}
