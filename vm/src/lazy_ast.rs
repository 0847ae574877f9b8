//! `_ast` without its start-up cost. rustpython imports `_ast` while it initializes (so
//! that `compile(..., PyCF_ONLY_AST)` finds the node types), and creating its ~120
//! classes is a sixth of an empty script's start-up (9.9M of 59.8M instructions).
//! CPython imports `_ast` only when asked. Here the module rustpython imports at start-up
//! stays empty and leaves `sys.modules`; the next `import _ast` (from `ast`) runs the real
//! module's code, and `compile` runs that code on a module of its own first when its
//! flags ask for an AST.
//!
//! Assumes rustpython creates the node types only in `_ast`'s exec (they are static types:
//! using one before it ran panics) and that no one but `compile` asks for them without
//! importing `_ast` (an AST object to compile comes from `_ast`'s own types).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

use rustpython_vm::{
    builtins::{PyInt, PyModule, PyModuleDef, PyModuleSlots},
    function::{Callee, FuncArgs, PyMethodDef},
    Context, Py, PyObjectRef, PyResult, VirtualMachine,
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
    let real = rustpython_vm::stdlib::builtin_module_defs(ctx)
        .into_iter()
        .find(|def| def.name.as_str() == "_ast")?;
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
    if let Some(ast) = modules.get_item("_ast", vm).ok() {
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
    (real.func)(vm, args, callee)
}
