//! The Dispatcher: a Python callable that holds a function's compiled specializations,
//! keyed by argument types, and picks one on every call. Compilation happens on the
//! first call with new types (or eagerly for explicit signatures); code that cannot be
//! compiled runs in the interpreter, with one warning.
//!
//! Assumes it is the only place that installs native code (an ARCHITECTURE invariant):
//! the JIT crates produce modules, the dispatcher decides when they run.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use pynum_jit::backend::{Compiled, DumpOptions, EntryFn};
use pynum_jit::driver::{reachable_functions, CompileOptions};
use pynum_jit::lir::lower::{mangle, parts};
use pynum_jit::ir::{Const, Expr, Function, InstKind};
use pynum_jit::policy::JitConfig;
use pynum_jit::typeinfer::{Environment, Global, Inferencer, TypingContext};
use pynum_jit::types::Type;
use pynum_runtime::Status;
use rustpython_vm::{
    builtins::{PyCode, PyDict, PyFloat, PyByteArray, PyInt, PyList, PyModule},
    common::lock::PyMutex,
    function::FuncArgs,
    AsObject, Py, PyObjectRef, PyPayload, PyRef, PyResult, VirtualMachine,
};

/// The JIT's settings of the interpreter `vm` belongs to (`_pynum._config`, set by
/// [`set_config`]; the defaults when nothing set it).
pub(crate) fn config(vm: &VirtualMachine) -> Arc<JitConfig> {
    vm.import("_pynum", 0)
        .and_then(|module| module.get_attr("_config", vm))
        .ok()
        .and_then(|settings| settings.downcast_ref::<JitSettings>().map(|settings| settings.0.clone()))
        .unwrap_or_default()
}

/// Gives the interpreter `vm` belongs to its JIT settings: each interpreter in a process
/// has its own (`pynum-run` from its flags and `PYNUM_*`, an embedding application from
/// `Python::with_jit_config`).
pub fn set_config(vm: &VirtualMachine, config: JitConfig) -> PyResult<()> {
    vm.import("_pynum", 0)?.set_attr("_config", JitSettings(Arc::new(config)).into_ref(&vm.ctx), vm)
}

pub use pynum_jit::events::JitEvent;

static EVENTS: std::sync::Mutex<Vec<JitEvent>> = std::sync::Mutex::new(Vec::new());

pub(crate) fn record(config: &JitConfig, event: JitEvent) {
    if config.log {
        eprintln!("pynum-jit: {event}");
    }
    EVENTS.lock().unwrap_or_else(|e| e.into_inner()).push(event);
}

/// Every JIT event so far, in order.
pub fn events() -> Vec<JitEvent> {
    EVENTS.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// The `--jit-stats` summary.
static NATIVE_NANOS: AtomicU64 = AtomicU64::new(0);
static NATIVE_CALLS: AtomicU64 = AtomicU64::new(0);

/// The `--jit-stats` summary for a run that took `total` so far.
pub fn stats_summary(total: std::time::Duration) -> String {
    let events = events();
    let count = |kind: fn(&JitEvent) -> bool| events.iter().filter(|e| kind(e)).count();
    let compile_ms: f64 = events.iter().map(JitEvent::compile_milliseconds).sum();
    let native_ms = NATIVE_NANOS.load(Ordering::Relaxed) as f64 / 1e6;
    let total_ms = total.as_secs_f64() * 1e3;
    format!(
        "pynum-jit stats: {} specializations compiled in {compile_ms:.3} ms, {} rejected, {} deoptimizations\n\
         pynum-jit stats: {total_ms:.1} ms in all: {native_ms:.1} ms in native code ({} calls), {:.1} ms compiling, {:.1} ms in the interpreter and start-up",
        count(|e| matches!(e, JitEvent::Compiled { .. })),
        count(|e| matches!(e, JitEvent::Rejected { .. })),
        count(|e| matches!(e, JitEvent::Deoptimized { .. })),
        NATIVE_CALLS.load(Ordering::Relaxed),
        compile_ms,
        (total_ms - native_ms - compile_ms).max(0.0),
    )
}

/// How a dispatcher runs its function.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// `@njit`/`@jit`: Numba's semantics; `nopython` says whether failing to compile
    /// deserves a warning.
    Numba { nopython: bool },
    /// `@jit(forceobj=True)`: always the interpreter.
    Object,
    /// pynum-run's automatic mode: Python's semantics, compiled after `threshold`
    /// calls, and any surprise in native code re-runs the call in the interpreter.
    Auto { threshold: u64 },
    /// A loop that automatic mode lifted out of a function: Python's semantics, and the
    /// interpreter's copy of the loop is the caller's (see `jit/src/looplift.rs`). A
    /// call returns `(outputs,)` when native code ran the loop to its end and `()` when
    /// it did not (not compiled yet, not typable, or a deoptimization), so the caller
    /// runs its own copy of the loop from the start: exact, because a lifted loop has
    /// no effects outside its locals, and the interpreter raises whatever the loop
    /// raises in the caller's frame, with CPython's traceback.
    Lifted { threshold: u64 },
}

/// A name native code was compiled against, in the dict that held it (a module's
/// globals, `builtins`, or a module native code reads attributes of, such as `math`):
/// if it is rebound, the code is stale.
struct Guard {
    globals: PyRef<PyDict>,
    name: rustpython_vm::builtins::PyStrRef,
    expected: Option<PyObjectRef>,
}

pub(crate) use _pynum::{module_def, vectorcall as vectorcall_dispatcher, Dispatcher, JitSettings, LiftedLoop};

/// A call of a registered function (`compiled_functions.rs`) with keyword arguments or
/// from Rust: what calling its dispatcher does.
pub(crate) fn call_dispatcher(dispatcher: &Py<Dispatcher>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
    <Dispatcher as rustpython_vm::types::Callable>::call(dispatcher, args, vm)
}

/// The function a dispatcher runs in the interpreter (for a registered function, its
/// shadow).
pub(crate) fn shadow_of(dispatcher: &Dispatcher) -> PyObjectRef {
    dispatcher.py_func.clone()
}

/// One compiled specialization.
struct Specialization {
    args: Vec<Type>,
    return_type: Type,
    code: Arc<Native>,
    compile_ms: f64,
    guards: Vec<Guard>,
    deopts: std::sync::atomic::AtomicU32,
    /// Calls that finished in native code (automatic mode only).
    completions: std::sync::atomic::AtomicU32,
}

/// Compiled code and its entry, read once so a call does not go through the backend.
struct Native {
    entry: EntryFn,
    compiled: Compiled,
}

#[derive(Default)]
struct State {
    specializations: Vec<Arc<Specialization>>,
    /// Argument types that failed to compile, with the reason (not retried).
    failures: HashMap<Vec<Type>, String>,
    /// Explicit signatures were given: no further compilation.
    frozen: bool,
}

/// The pynum type of an argument value, `pyobject` when native code does not take it.
/// On the call path too: scalar types allocate nothing.
pub(crate) fn type_of(value: &PyObjectRef, vm: &VirtualMachine) -> Type {
    let class = value.class();
    if class.is(vm.ctx.types.list_type) {
        value.downcast_ref::<PyList>().map_or(Type::PyObject, |list| list_type(list, vm))
    } else if class.is(vm.ctx.types.bytearray_type) {
        Type::ByteArray
    } else {
        scalar_type_of(value, vm)
    }
}

/// `type_of(value) == *ty`, without making a `Type` for the scalars every call checks.
fn has_type(value: &PyObjectRef, ty: &Type, vm: &VirtualMachine) -> bool {
    let class = value.class();
    let types = &vm.ctx.types;
    match ty {
        Type::Bool => class.is(types.bool_type),
        Type::Float { bits: 64 } => class.is(types.float_type),
        Type::Int { bits: 64, signed: true } => class.is(types.int_type) && int_fits_in_i64(value, vm),
        _ => type_of(value, vm) == *ty,
    }
}

/// Whether an int (exact class checked by the caller) is a machine word.
fn int_fits_in_i64(value: &PyObjectRef, vm: &VirtualMachine) -> bool {
    value.downcast_ref::<PyInt>().is_some_and(|int| int.try_to_primitive::<i64>(vm).is_ok())
}

/// The type of a value native code holds in a machine word (bool, a 64-bit int, a
/// float), `pyobject` for anything else. Never looks inside a container, so deriving a
/// list's type takes one pass over its items whatever they hold: a list that contains
/// itself, or lists nested a million deep, cost no recursion.
fn scalar_type_of(value: &PyObjectRef, vm: &VirtualMachine) -> Type {
    // Exact classes only: a subclass may override the operators native code implements.
    let class = value.class();
    let types = &vm.ctx.types;
    if class.is(types.bool_type) {
        Type::Bool
    } else if class.is(types.int_type) {
        if int_fits_in_i64(value, vm) { Type::INT64 } else { Type::PyObject }
    } else if class.is(types.float_type) {
        Type::FLOAT64
    } else {
        Type::PyObject
    }
}

/// `reflected list(int64)` or `reflected list(float64)` when every item has that type by
/// [`scalar_type_of`] (an empty list counts as ints).
fn list_type(list: &PyList, vm: &VirtualMachine) -> Type {
    let items = list.borrow_vec();
    let item = items.first().map_or(Type::INT64, |first| scalar_type_of(first, vm));
    if matches!(item, Type::INT64 | Type::FLOAT64) && items.iter().all(|o| scalar_type_of(o, vm) == item) {
        Type::List(Box::new(item))
    } else {
        Type::PyObject
    }
}

/// A list or bytearray argument and the copy native code works on: `[len, items...]` in
/// 64-bit words, or the length word then the bytes.
enum Reflected<'a> {
    List(&'a Py<PyList>, &'a Type, Vec<u64>),
    Bytes(&'a Py<PyByteArray>, Vec<u64>),
}

impl Reflected<'_> {
    fn object(&self) -> &rustpython_vm::PyObject {
        match self {
            Reflected::List(list, ..) => list.as_object(),
            Reflected::Bytes(array, _) => array.as_object(),
        }
    }

    fn words(&self) -> &[u64] {
        match self {
            Reflected::List(_, _, words) | Reflected::Bytes(_, words) => words,
        }
    }

    /// The copy, made from the object's current contents.
    fn filled(self, vm: &VirtualMachine) -> PyResult<Self> {
        Ok(match self {
            Reflected::List(list, item, _) => {
                let items = list.borrow_vec();
                let mut words = Vec::with_capacity(items.len() + 1);
                words.push(items.len() as u64);
                for value in items.iter() {
                    words.push(pack(value, item, vm)?);
                }
                drop(items);
                Reflected::List(list, item, words)
            }
            Reflected::Bytes(array, _) => {
                let bytes = array.borrow_buf();
                let mut words = vec![0u64; 1 + bytes.len().div_ceil(8)];
                words[0] = bytes.len() as u64;
                // SAFETY: the words after the first have room for every byte.
                let room = unsafe { std::slice::from_raw_parts_mut(words[1..].as_mut_ptr().cast::<u8>(), bytes.len()) };
                room.copy_from_slice(&bytes);
                drop(bytes);
                Reflected::Bytes(array, words)
            }
        })
    }

    /// Writes back what native code changed (reflection, as Numba does for lists).
    fn write_back(&self, vm: &VirtualMachine) -> PyResult<()> {
        match self {
            Reflected::List(list, item, words) => {
                let mut items = list.borrow_vec_mut();
                for (slot, &word) in items.iter_mut().zip(&words[1..]) {
                    if pack(slot, item, vm)? != word {
                        *slot = unbox_result(&[word], item, vm);
                    }
                }
            }
            Reflected::Bytes(array, words) => {
                let mut bytes = array.borrow_buf_mut();
                // SAFETY: `filled` laid the bytes out there, and native code cannot resize.
                let native = unsafe { std::slice::from_raw_parts(words[1..].as_ptr().cast::<u8>(), words[0] as usize) };
                if bytes.len() == native.len() && bytes[..] != *native {
                    bytes.copy_from_slice(native);
                }
            }
        }
        Ok(())
    }
}

fn pack(value: &PyObjectRef, ty: &Type, vm: &VirtualMachine) -> PyResult<u64> {
    Ok(match ty {
        Type::Bool => u64::from(value.clone().try_to_bool(vm)?),
        Type::Int { .. } => value.downcast_ref::<PyInt>().expect("typed as int").try_to_primitive::<i64>(vm)? as u64,
        Type::Float { .. } => {
            let x = match value.downcast_ref::<PyFloat>() {
                Some(f) => f.to_f64(),
                None => value.downcast_ref::<PyInt>().expect("typed as number").try_to_primitive::<i64>(vm)? as f64,
            };
            x.to_bits()
        }
        other => return Err(vm.new_type_error(format!("cannot pass a {other} to native code"))),
    })
}

fn unbox_result(words: &[u64], ty: &Type, vm: &VirtualMachine) -> PyObjectRef {
    match ty {
        Type::Bool => vm.ctx.new_bool(words[0] & 1 == 1).into(),
        Type::Int { .. } => vm.ctx.new_int(words[0] as i64).into(),
        Type::Float { .. } => vm.ctx.new_float(f64::from_bits(words[0])).into(),
        Type::Tuple(items) => {
            let mut at = 0;
            let mut values = Vec::new();
            for item in items {
                let n = parts(item).map(|p| p.len()).unwrap_or(0);
                values.push(unbox_result(&words[at..at + n], item, vm));
                at += n;
            }
            vm.ctx.new_tuple(values).into()
        }
        _ => vm.ctx.none(),
    }
}

fn const_to_python(c: &Const, vm: &VirtualMachine) -> PyObjectRef {
    match c {
        Const::None => vm.ctx.none(),
        Const::Bool(b) => vm.ctx.new_bool(*b).into(),
        Const::Int(i) => vm.ctx.new_int(*i).into(),
        Const::Float(x) => vm.ctx.new_float(*x).into(),
        Const::Str(s) => vm.ctx.new_str(s.as_str()).into(),
        Const::Tuple(items) => vm.ctx.new_tuple(items.iter().map(|i| const_to_python(i, vm)).collect()).into(),
        other => vm.ctx.new_str(other.to_string()).into(),
    }
}

/// `float64(float64, int64)` or `(int64, int64)`: the argument types.
fn parse_signature(text: &str) -> Option<Vec<Type>> {
    let open = text.find('(')?;
    let inner = text[open + 1..].trim_end().strip_suffix(')')?;
    inner.split(',').map(str::trim).filter(|a| !a.is_empty()).map(Type::parse).collect()
}

/// Globals as the functions' modules hold them right now, and the IR of every function
/// reachable through dispatchers.
struct LiveEnv {
    globals: HashMap<String, Global>,
    functions: HashMap<String, Function>,
    guards: Vec<Guard>,
}

impl Environment for LiveEnv {
    fn global(&self, name: &str) -> Global {
        self.globals.get(name).cloned().unwrap_or(Global::Unknown)
    }
    fn function(&self, qualname: &str) -> Option<&Function> {
        self.functions.get(qualname)
    }
}

/// Whether a code object takes only positional parameters, the calling convention
/// native code implements (keyword-only and variadic parameters stay interpreted).
pub(crate) fn plain_positional(code: &rustpython_vm::bytecode::CodeObject<impl rustpython_vm::bytecode::Constant>) -> bool {
    use rustpython_vm::bytecode::CodeFlags;
    code.kwonlyarg_count == 0 && !code.flags.intersects(CodeFlags::VARARGS | CodeFlags::VARKEYWORDS)
}

/// `_pynum._original_code`: automatic mode's transformed function code objects mapped to
/// the code as written, which is what compiles (see `run::compile_automatic`).
pub(crate) fn original_code_map(vm: &VirtualMachine) -> PyResult<PyRef<PyDict>> {
    pynum_dict(vm, "_original_code")
}

/// `_pynum._variant_code`: a candidate's code as written mapped to its interleaved
/// variant's (see `run::remember_variants`).
pub(crate) fn variant_code_map(vm: &VirtualMachine) -> PyResult<PyRef<PyDict>> {
    pynum_dict(vm, "_variant_code")
}

/// The dict `_pynum.<name>`, made on first use.
fn pynum_dict(vm: &VirtualMachine, name: &'static str) -> PyResult<PyRef<PyDict>> {
    let module = vm.import("_pynum", 0)?;
    if let Ok(map) = module.get_attr(name, vm) {
        if let Ok(map) = map.downcast::<PyDict>() {
            return Ok(map);
        }
    }
    let map = vm.ctx.new_dict();
    module.set_attr(name, map.clone(), vm)?;
    Ok(map)
}

/// The IR of `func`'s interleaved variant, when automatic mode made one.
fn variant_ir(func: &PyObjectRef, vm: &VirtualMachine) -> Option<Function> {
    let code = func.get_attr("__code__", vm).ok()?;
    let code = original_code_map(vm).ok()?.get_item_opt(&*code, vm).ok()?.unwrap_or(code);
    let variant: PyRef<PyCode> = variant_code_map(vm).ok()?.get_item_opt(&*code, vm).ok()??.downcast().ok()?;
    pynum_jit::analyze(&variant.code).ok()?.ir.ok()
}

fn function_ir(func: &PyObjectRef, vm: &VirtualMachine) -> PyResult<Function> {
    let code = func.get_attr("__code__", vm)?;
    let code = match original_code_map(vm)?.get_item_opt(&*code, vm)? {
        Some(original) => original,
        None => code,
    };
    let code: PyRef<PyCode> =
        code.downcast().map_err(|_| vm.new_type_error("a dispatcher needs a Python function".to_owned()))?;
    // Linked code (`hidden_names.rs`) holds run-time objects the bytecode reader does
    // not take; its code as written is what compiles, when the map knows it.
    if !crate::hidden_names::has_only_literal_constants(&code, vm) {
        return Err(vm.new_type_error("automatic mode's transformed code does not compile".to_owned()));
    }
    if !plain_positional(&code.code) {
        return Err(vm.new_type_error("keyword-only and variadic parameters stay in the interpreter".to_owned()));
    }
    let analysis = pynum_jit::analyze(&code.code).map_err(|e| vm.new_runtime_error(e.to_string()))?;
    analysis.ir.map_err(|e| vm.new_runtime_error(e.to_string()))
}

impl LiveEnv {
    /// The environment of `root` and the IR of `root` itself (analyzed once).
    fn build(root: &PyObjectRef, vm: &VirtualMachine) -> PyResult<(LiveEnv, Function)> {
        let mut env = LiveEnv { globals: HashMap::new(), functions: HashMap::new(), guards: Vec::new() };
        let mut root_ir = None;
        let mut pending = vec![root.clone()];
        while let Some(func) = pending.pop() {
            let ir = match function_ir(&func, vm) {
                Ok(ir) => ir,
                Err(_) if !func.is(root) => continue,
                Err(e) => return Err(e),
            };
            if env.functions.contains_key(&ir.qualname) {
                continue;
            }
            if func.is(root) {
                root_ir = Some(ir.clone());
            }
            let globals: PyRef<PyDict> = func.get_attr("__globals__", vm)?.downcast().map_err(|_| vm.new_type_error("__globals__".to_owned()))?;
            let builtins = vm.builtins.dict();
            for name in global_names(&ir) {
                if env.globals.contains_key(&name) {
                    continue;
                }
                let in_globals = globals.get_item_opt(name.as_str(), vm)?;
                env.guards.push(Guard { globals: globals.clone(), name: vm.ctx.new_str(name.as_str()), expected: in_globals.clone() });
                let value = match in_globals {
                    Some(v) => Some(v),
                    None => {
                        // A builtin: native code implements the original, so a program
                        // that replaced it (`builtins.abs = ...`) keeps the interpreter.
                        let in_builtins = builtins.get_item_opt(name.as_str(), vm)?;
                        env.guards.push(Guard { globals: builtins.clone(), name: vm.ctx.new_str(name.as_str()), expected: in_builtins.clone() });
                        in_builtins.filter(|v| crate::interpreter::is_original_builtin(vm, &name, v))
                    }
                };
                if let Some(module) = value.as_ref().and_then(|v| v.downcast_ref::<PyModule>()) {
                    guard_module_attributes(&mut env.guards, module, &ir, &name, vm)?;
                }
                // A function under a dispatcher (automatic mode's registered functions, or
                // `@njit`'s dispatcher objects) compiles with its callers.
                let dispatcher = value.as_ref().and_then(|v| {
                    v.downcast_ref::<Dispatcher>().map(|d| d.to_owned()).or_else(|| crate::compiled_functions::dispatcher_of(v))
                });
                let meaning = match value {
                    Some(_) if dispatcher.is_some() => {
                        let inner = dispatcher.expect("checked").py_func.clone();
                        let qualname = inner.get_attr("__qualname__", vm)?.str(vm)?.to_string();
                        pending.push(inner);
                        Global::Function(qualname)
                    }
                    Some(v) if v.downcast_ref::<PyModule>().is_some() => {
                        Global::Module(v.get_attr("__name__", vm)?.str(vm)?.to_string())
                    }
                    Some(v) if crate::interpreter::is_original_builtin(vm, &name, &v) => Global::Builtin(name.clone()),
                    _ => Global::Unknown,
                };
                // Range loops were rewritten for the builtin `range`; a module's own
                // `range` leaves the function to the interpreter.
                if name == "range" && !matches!(meaning, Global::Builtin(_)) {
                    return Err(vm.new_type_error("`range` is not the builtin here, and native range loops assume it".to_owned()));
                }
                env.globals.insert(name, meaning);
            }
            env.functions.insert(ir.qualname.clone(), ir);
        }
        let root_ir = root_ir.expect("the root is analyzed first, or build failed");
        Ok((env, root_ir))
    }
}

/// Whether `range`, as `func`'s code would look it up now, is the builtin: the counting
/// copy of a range loop resumes with a `range(...)` call of its own, which only means
/// the same loop for the builtin (a program may bind `range` in ways no source scan
/// sees: `globals()[...]`, `builtins.range = ...`, `exec`).
fn range_is_builtin(func: &PyObjectRef, vm: &VirtualMachine) -> bool {
    let range = func
        .get_attr("__globals__", vm)
        .ok()
        .and_then(|globals| globals.downcast::<PyDict>().ok())
        .and_then(|globals| globals.get_item_opt("range", vm).ok())
        .and_then(|in_globals| in_globals.or_else(|| vm.builtins.dict().get_item_opt("range", vm).ok().flatten()));
    range.is_some_and(|range| range.is(vm.ctx.types.range_type.as_object()))
}

/// Guards on the attributes `ir` reads of the module bound to the global `global`, and a
/// check that each is still the module's own (native code implements `math.sqrt`,
/// `math.pi`... by name): a function whose `__self__` is the module and whose name is the
/// attribute, or a constant with the value the ops registry folds in.
fn guard_module_attributes(guards: &mut Vec<Guard>, module: &Py<PyModule>, ir: &Function, global: &str, vm: &VirtualMachine) -> PyResult<()> {
    let module_vars: Vec<&pynum_jit::ir::Var> = ir
        .blocks
        .iter()
        .flat_map(|b| &b.insts)
        .filter_map(|inst| match &inst.kind {
            InstKind::Assign { target, value: Expr::Global(name) } if name == global => Some(target),
            _ => None,
        })
        .collect();
    let dict = module.dict();
    for inst in ir.blocks.iter().flat_map(|b| &b.insts) {
        let InstKind::Assign { value: Expr::GetAttr { obj, attr }, .. } = &inst.kind else { continue };
        if !module_vars.contains(&obj) {
            continue;
        }
        let value = dict.get_item_opt(attr.as_str(), vm)?;
        let own = value.as_ref().is_some_and(|v| {
            let is_module_function = v.get_attr("__self__", vm).is_ok_and(|owner| owner.is(module.as_object()))
                && v.get_attr("__name__", vm).ok().and_then(|n| n.str(vm).ok()).is_some_and(|n| n.to_string() == *attr);
            let constant = pynum_jit::ops::constant(attr);
            let is_constant = v.downcast_ref::<PyFloat>().is_some_and(|f| constant.is_some_and(|c| c.holds(f.to_f64())));
            is_module_function || is_constant
        });
        if !own {
            return Err(vm.new_type_error(format!("`{global}.{attr}` is not the module's own")));
        }
        guards.push(Guard { globals: dict.clone(), name: vm.ctx.new_str(attr.as_str()), expected: value });
    }
    Ok(())
}

fn global_names(func: &Function) -> Vec<String> {
    let mut names = Vec::new();
    for block in &func.blocks {
        for inst in &block.insts {
            match &inst.kind {
                InstKind::Assign { value: Expr::Global(name), .. } => names.push(name.clone()),
                // The range-loop rewrite assumed the builtin (see `LiveEnv::build`).
                InstKind::Assign { value: Expr::RangeIter { .. }, .. } if !names.iter().any(|n| n == "range") => {
                    names.push("range".to_owned());
                }
                _ => {}
            }
        }
        if let pynum_jit::ir::Terminator::StaticRaise { exc, .. } = &block.terminator {
            names.push(exc.clone());
        }
    }
    names
}

#[rustpython_vm::pymodule]
mod _pynum {
    use super::*;
    use rustpython_vm::types::{Callable, GetAttr, GetDescriptor, Representable, SetAttr};
    use rustpython_vm::{pyclass, Traverse};
    use rustpython_vm::builtins::{PyBoundMethod, PyStrRef};

    #[pyattr]
    #[pyclass(module = "_pynum", name = "Dispatcher", traverse)]
    #[derive(PyPayload)]
    pub struct Dispatcher {
        pub(crate) py_func: PyObjectRef,
        #[pytraverse(skip)]
        mode: Mode,
        #[pytraverse(skip)]
        calls: std::sync::atomic::AtomicU64,
        /// Iterations a lifted loop's interpreted copy has counted (on-stack replacement).
        #[pytraverse(skip)]
        iterations: std::sync::atomic::AtomicU64,
        #[pytraverse(skip)]
        state: PyMutex<State>,
        /// The settings of the interpreter that made this dispatcher.
        #[pytraverse(skip)]
        config: Arc<JitConfig>,
        /// Automatic mode gave up on the function: nothing compiled for it.
        #[pytraverse(skip)]
        pub(crate) leave_requested: AtomicBool,
    }

    impl std::fmt::Debug for Dispatcher {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("Dispatcher")
        }
    }

    /// `_pynum._config`: the interpreter's JIT settings (see [`super::config`]).
    #[pyattr]
    #[pyclass(module = "_pynum", name = "JitSettings")]
    #[derive(Debug, PyPayload)]
    pub struct JitSettings(pub(crate) Arc<JitConfig>);

    #[pyclass]
    impl JitSettings {}

    /// `_pynum.dispatcher_of(f)`: the dispatcher automatic mode runs the function `f`
    /// through, or `None` (for tests and tools: `f` itself stays a plain function).
    #[pyfunction]
    fn dispatcher_of(function: PyObjectRef, vm: &VirtualMachine) -> PyObjectRef {
        crate::compiled_functions::dispatcher_of(&function).map_or_else(|| vm.ctx.none(), Into::into)
    }

    /// `dispatcher(func, options, signatures)`: what `numba.jit` builds.
    #[pyfunction]
    fn dispatcher(func: PyObjectRef, options: PyRef<PyDict>, signatures: Vec<PyStrRef>, vm: &VirtualMachine) -> PyResult<Dispatcher> {
        let flag = |name: &str| -> PyResult<bool> {
            Ok(match options.get_item_opt(name, vm)? {
                Some(v) => v.try_to_bool(vm)?,
                None => false,
            })
        };
        install_vectorcall(vm);
        // `@njit` over automatic mode's dispatcher: the user's decorator decides.
        let func = match func.downcast_ref::<Dispatcher>() {
            Some(inner) if inner.is_auto() => inner.py_func.clone(),
            _ => func,
        };
        crate::compiled_functions::unregister(&func, vm)?;
        let mode = if flag("forceobj")? { Mode::Object } else { Mode::Numba { nopython: flag("nopython")? } };
        let dispatcher = Dispatcher::new(func, mode, config(vm));
        for signature in &signatures {
            let text = signature.to_string();
            let args = parse_signature(&text).ok_or_else(|| vm.new_type_error(format!("invalid signature {text:?}")))?;
            if let Err(reason) = dispatcher.compile(&args, vm)? {
                return Err(vm.new_type_error(format!("cannot compile {text}: {reason}")));
            }
        }
        dispatcher.state.lock().frozen = !signatures.is_empty();
        Ok(dispatcher)
    }

    /// `auto(func)`: automatic mode's decorator on the script's functions that may
    /// compile. It returns `func` itself, registered with a dispatcher
    /// (`compiled_functions.rs`): the program keeps a plain `function`.
    #[pyfunction]
    fn auto(func: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        install_vectorcall(vm);
        let config = config(vm);
        let has_loop = || function_ir(&func, vm).ok().is_some_and(|ir| ir.blocks.iter().any(|b| b.terminator.edges().iter().any(|e| e.block <= b.id)));
        let threshold = config.function_threshold(has_loop);
        crate::compiled_functions::register(&func, |shadow| Dispatcher::new(shadow, Mode::Auto { threshold }, config), vm)?;
        Ok(func)
    }

    /// `transform_module(loader, source, path)`: automatic mode's import hook. The
    /// module's code from `loader.source_to_code(source, path)`; for a module of the
    /// user's own (not one under `site-packages`) compiled again with its constants folded,
    /// dispatchers and lifted loops (`run::compile_automatic`, which parses the source once
    /// for all of these), for any other with its constants folded by `compile`.
    #[pyfunction]
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
        if path.contains("site-packages") || path.contains("dist-packages") {
            return to_code(vm);
        }
        let code = crate::constant_folding::with_caller_folding(|| to_code(vm))?;
        let bytes = <rustpython_vm::function::ArgBytesLike as rustpython_vm::TryFromObject>::try_from_object(vm, source)?.borrow_buf().to_vec();
        match crate::run::compile_automatic(vm, &code, &bytes, path, &[]) {
            Ok(Some(transformed)) => Ok(transformed),
            // Neither folding nor lifting applies: the module as rustpython compiled it.
            Ok(None) | Err(_) => Ok(code),
        }
    }

    /// A lifted loop's hidden function as the transformed code holds it: a constant of
    /// the caller's code (see `hidden_names.rs`), never bound to a name. It is the loop's
    /// dispatcher for the globals of the frame that calls it: the first call from a
    /// namespace makes the function (`FunctionType(code, globals)`) and its dispatcher,
    /// later calls from it find that dispatcher again with its specializations and
    /// counts. The same code run in another namespace (`exec`, `FunctionType(f.__code__,
    /// other_globals)`) gets a dispatcher of its own.
    #[pyattr]
    #[pyclass(module = "_pynum", name = "LiftedLoop", traverse)]
    #[derive(PyPayload)]
    pub struct LiftedLoop {
        code: PyRef<PyCode>,
        /// The caller keeps a counting copy of the loop (on-stack replacement).
        #[pytraverse(skip)]
        on_stack: bool,
        /// One dispatcher per namespace, the one called last first.
        bindings: PyMutex<Vec<(PyRef<PyDict>, PyRef<Dispatcher>)>>,
    }

    impl std::fmt::Debug for LiftedLoop {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "LiftedLoop({})", self.code.code.obj_name.as_str())
        }
    }

    /// Namespaces a lifted loop keeps dispatchers for; beyond that, the one called least
    /// recently goes (and compiles again if it comes back).
    const MAX_BINDINGS: usize = 8;

    impl LiftedLoop {
        /// The hidden function compiled as `code`; `on_stack` when the caller keeps a
        /// counting copy of the loop.
        pub(crate) fn new_object(code: PyRef<PyCode>, on_stack: bool, vm: &VirtualMachine) -> PyObjectRef {
            install_vectorcall(vm);
            LiftedLoop { code, on_stack, bindings: PyMutex::new(Vec::new()) }.into_ref(&vm.ctx).into()
        }

        /// Entries before the loop compiles: a loop with a counting copy runs its first
        /// entry in the interpreter and moves into native code if it gets hot; later
        /// entries compile. Any other compiles at its first entry.
        fn threshold(&self, config: &JitConfig) -> u64 {
            if self.on_stack { config.lifted_osr_loop_threshold() } else { config.lifted_loop_threshold() }
        }

        /// The dispatcher for the globals of the calling frame, made on the first call
        /// from them.
        pub(crate) fn bound(&self, vm: &VirtualMachine) -> PyResult<PyRef<Dispatcher>> {
            let globals = vm.current_globals();
            if let Some(dispatcher) = self.bound_to(&globals) {
                return Ok(dispatcher);
            }
            // `FunctionType(code, globals)`, through the type's constructor slot: a
            // profile function sees no call of pynum's.
            let function_type = vm.ctx.types.function_type;
            let new = function_type.slots.new.load().ok_or_else(|| vm.new_type_error("function() has no constructor".to_owned()))?;
            let function = new(function_type.to_owned(), FuncArgs::from(vec![self.code.clone().into(), globals.clone().into()]), vm)?;
            let config = config(vm);
            let dispatcher = Dispatcher::new(function, Mode::Lifted { threshold: self.threshold(&config) }, config).into_ref(&vm.ctx);
            let mut bindings = self.bindings.lock();
            // Another thread may have bound it meanwhile: one dispatcher per namespace.
            if let Some((_, first)) = bindings.iter().find(|(bound, _)| bound.is(&globals)) {
                return Ok(first.clone());
            }
            bindings.insert(0, (globals, dispatcher.clone()));
            bindings.truncate(MAX_BINDINGS);
            Ok(dispatcher)
        }

        /// The dispatcher already made for `globals`, if any.
        pub(crate) fn bound_to(&self, globals: &PyRef<PyDict>) -> Option<PyRef<Dispatcher>> {
            let mut bindings = self.bindings.lock();
            let position = bindings.iter().position(|(bound, _)| bound.is(globals))?;
            if position > 0 {
                let binding = bindings.remove(position);
                bindings.insert(0, binding);
            }
            Some(bindings[0].1.clone())
        }
    }

    impl Callable for LiftedLoop {
        type Args = FuncArgs;

        fn call(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
            match zelf.bound(vm) {
                Ok(dispatcher) => <Dispatcher as Callable>::call(&dispatcher, args, vm),
                // The caller runs its own copy of the loop.
                Err(_) => Ok(vm.ctx.empty_tuple.clone().into()),
            }
        }
    }

    /// The `vectorcall` slot of [`LiftedLoop`]: the dispatcher's own, without a second
    /// call event under a profiler.
    fn lifted_loop_vectorcall(
        zelf: &rustpython_vm::PyObject,
        args: Vec<PyObjectRef>,
        nargs: usize,
        kwnames: Option<&[PyObjectRef]>,
        vm: &VirtualMachine,
    ) -> PyResult {
        let lifted: &Py<LiftedLoop> = zelf.downcast_ref().expect("the slot is only on LiftedLoop");
        match lifted.bound(vm) {
            Ok(dispatcher) => vectorcall(dispatcher.as_object(), args, nargs, kwnames, vm),
            Err(_) => Ok(vm.ctx.empty_tuple.clone().into()),
        }
    }

    impl Representable for LiftedLoop {
        fn repr_str(zelf: &Py<Self>, _vm: &VirtualMachine) -> PyResult<String> {
            Ok(format!("<lifted loop {}>", zelf.code.code.obj_name.as_str()))
        }
    }

    #[pyclass(with(Callable, Representable))]
    impl LiftedLoop {}

    /// The dispatcher a lifted loop's helper is handed (`__pynum__.osr`, `.tick`,
    /// `.resume`): the hidden function's, for the calling frame's globals.
    fn lifted_dispatcher(hidden: &PyObjectRef, vm: &VirtualMachine) -> Option<PyRef<Dispatcher>> {
        match hidden.downcast_ref::<LiftedLoop>() {
            Some(lifted) => lifted.bound(vm).ok(),
            None => hidden.clone().downcast::<Dispatcher>().ok(),
        }
    }

    /// `osr_wanted(hidden)` (`__pynum__.osr`): `[()]` while the loop's hidden function may
    /// still compile and run natively, `[]` once it has failed to or deoptimized (the
    /// caller then runs its plain copy, without the count).
    #[pyfunction]
    fn osr_wanted(hidden: PyObjectRef, vm: &VirtualMachine) -> PyObjectRef {
        let wanted = lifted_dispatcher(&hidden, vm).is_some_and(|d| {
            let state = d.state.lock();
            state.failures.is_empty()
                && state.specializations.iter().all(|s| s.deopts.load(Ordering::Relaxed) == 0)
                && range_is_builtin(&d.py_func, vm)
        });
        if wanted {
            vm.ctx.new_tuple(vec![vm.ctx.empty_tuple.clone().into()]).into()
        } else {
            vm.ctx.empty_tuple.clone().into()
        }
    }

    /// `tick(hidden)` (`__pynum__.tick`): one interpreted iteration of the hidden
    /// function's loop; true once, at the iteration where the loop has become hot
    /// (`PYNUM_JIT_THRESHOLD` iterations, or [`DEFAULT_OSR_ITERATIONS`]).
    #[pyfunction]
    fn tick(hidden: PyObjectRef, vm: &VirtualMachine) -> bool {
        let Some(dispatcher) = lifted_dispatcher(&hidden, vm) else { return false };
        // A traced loop stays in the interpreter: it never gets hot.
        if vm.use_tracing.get() {
            return false;
        }
        let hot_after = dispatcher.config.osr_iterations();
        dispatcher.iterations.fetch_add(1, Ordering::Relaxed) + 1 == hot_after
    }

    /// `resume(hidden, *state)` (`__pynum__.resume`): a loop running in the interpreter
    /// got hot; its hidden function compiles now (whatever the entry threshold) and runs
    /// the rest of the loop from `state`, the variables at the loop's header.
    #[pyfunction]
    fn resume(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        let Some((hidden, state)) = args.args.split_first() else {
            return Err(vm.new_type_error("resume() needs the hidden function".to_owned()));
        };
        let Some(dispatcher) = lifted_dispatcher(hidden, vm) else {
            // The caller runs the rest of the loop as written.
            return Ok(vm.ctx.empty_tuple.clone().into());
        };
        if let Mode::Lifted { threshold } = dispatcher.mode {
            dispatcher.calls.fetch_max(threshold, Ordering::Relaxed);
            record(&dispatcher.config, JitEvent::OnStackReplacement { what: dispatcher.qualname_string(vm) });
        }
        <Dispatcher as Callable>::call(&dispatcher, FuncArgs::from(state.to_vec()), vm)
    }

    impl Dispatcher {
        fn new(py_func: PyObjectRef, mode: Mode, config: Arc<JitConfig>) -> Dispatcher {
            Dispatcher {
                py_func,
                mode,
                config,
                calls: std::sync::atomic::AtomicU64::new(0),
                iterations: std::sync::atomic::AtomicU64::new(0),
                state: PyMutex::new(State::default()),
                leave_requested: AtomicBool::new(false),
            }
        }

        /// Whether the dispatcher gave up on its function since last asked (see
        /// `compiled_functions::leave_if_asked`); the load first keeps the common
        /// answer, no, to a read.
        pub(crate) fn take_leave_request(&self) -> bool {
            self.leave_requested.load(Ordering::Relaxed) && self.leave_requested.swap(false, Ordering::Relaxed)
        }

        /// What was compiled, and what failed to, is stale (a registered function's
        /// `__defaults__` changed).
        pub(crate) fn forget_specializations(&self) {
            let mut state = self.state.lock();
            state.specializations.clear();
            state.failures.clear();
        }

        fn is_auto(&self) -> bool {
            matches!(self.mode, Mode::Auto { .. } | Mode::Lifted { .. })
        }

        /// Python's semantics in automatic mode, Numba's otherwise.
        fn typing_context(&self) -> TypingContext {
            if self.is_auto() { TypingContext::CPU_PYTHON } else { TypingContext::CPU }
        }

        /// Compiles for `args`; `Ok(Err(reason))` when the code stays interpreted.
        fn compile(&self, args: &[Type], vm: &VirtualMachine) -> PyResult<Result<usize, String>> {
            let started = std::time::Instant::now();
            let (env, root) = match LiveEnv::build(&self.py_func, vm) {
                Ok(found) => found,
                Err(exc) => {
                    let reason = exc.as_object().str(vm).map(|s| s.to_string()).unwrap_or_default();
                    self.state.lock().failures.insert(args.to_vec(), reason.clone());
                    return Ok(Err(reason));
                }
            };
            let attempt = |root: &Function| {
                let mut inferencer = Inferencer::new(self.typing_context(), &env);
                inferencer
                    .infer_function(root, args)
                    .map_err(|e| e.render(std::fs::read_to_string(&root.filename).ok().as_deref()))
                    .and_then(|typed| {
                        let functions = reachable_functions(&typed, &mut inferencer).map_err(|e| e.to_string())?;
                        let options = CompileOptions {
                            python_semantics: self.is_auto(),
                            keep_lir: self.config.dump_lir,
                            dumps: DumpOptions {
                                keep_ir: self.config.dump_clif,
                                keep_optimized: self.config.dump_optimized,
                                keep_asm: self.config.dump_asm,
                            },
                        };
                        let compiled = pynum_jit::driver::compile(pynum_cranelift::Cranelift::shared(), &functions, &options).map_err(|e| e.to_string())?;
                        Ok((typed.return_type, compiled))
                    })
            };
            // Automatic mode tries the interleaved variant first; the code as written
            // compiles when the variant does not.
            let variant = if self.is_auto() { variant_ir(&self.py_func, vm) } else { None };
            let mut interleaved = false;
            let outcome = match variant.as_ref().map(|variant| attempt(variant)) {
                Some(Ok(compiled)) => {
                    interleaved = true;
                    Ok(compiled)
                }
                _ => attempt(&root),
            };
            let mut state = self.state.lock();
            match outcome {
                Ok((return_type, compiled)) => {
                    let name = mangle(&root.qualname, args);
                    if !compiled.lir.is_empty() {
                        eprint!("---- LIR {name} ----\n{}", compiled.lir);
                    }
                    let dumps = compiled.code.dumps();
                    if !dumps.ir.is_empty() {
                        eprint!("---- CLIF {name} ----\n{}", dumps.ir);
                    }
                    if !dumps.optimized.is_empty() {
                        eprint!("---- OPTIMIZED CLIF {name} ----\n{}", dumps.optimized);
                    }
                    if !dumps.asm.is_empty() {
                        eprint!("---- ASM {name} ----\n{}", dumps.asm);
                    }
                    // Everything: bytecode analysis, typing, lowering, code generation.
                    let compile_ms = started.elapsed().as_secs_f64() * 1e3;
                    let note = interleaved.then(|| "two iterations interleaved".to_owned());
                    record(&self.config, JitEvent::Compiled { what: name, tier: 1, milliseconds: compile_ms, note });
                    let guards = if self.is_auto() { env.guards } else { Vec::new() };
                    state.specializations.push(Arc::new(Specialization {
                        args: args.to_vec(),
                        return_type,
                        code: Arc::new(Native { entry: compiled.code.entry(), compiled }),
                        compile_ms,
                        guards,
                        deopts: Default::default(),
                        completions: Default::default(),
                    }));
                    Ok(Ok(state.specializations.len() - 1))
                }
                Err(reason) => {
                    let first_line = reason.lines().next().unwrap_or("").to_owned();
                    record(&self.config, JitEvent::Rejected { what: mangle(&root.qualname, args), reason: first_line });
                    state.failures.insert(args.to_vec(), reason.clone());
                    Ok(Err(reason))
                }
            }
        }

        fn run(&self, spec_index: usize, args: &[PyObjectRef], vm: &VirtualMachine) -> PyResult {
            let spec = self.state.lock().specializations[spec_index].clone();
            self.run_specialization(&spec, args, vm)
        }

        /// Runs a specialization. In automatic mode, a rebound global or any status other
        /// than success re-runs the call in the interpreter (deoptimization); a
        /// specialization that keeps deoptimizing is dropped.
        fn run_specialization(&self, spec: &Arc<Specialization>, args: &[PyObjectRef], vm: &VirtualMachine) -> PyResult {
            if !self.is_auto() {
                return self.run_native(spec, args, vm);
            }
            match self.run_speculatively(spec, args, vm)? {
                Some(value) if matches!(self.mode, Mode::Lifted { .. }) => Ok(vm.ctx.new_tuple(vec![value]).into()),
                Some(value) => Ok(value),
                None if matches!(self.mode, Mode::Lifted { .. }) => Ok(vm.ctx.empty_tuple.clone().into()),
                None => self.py_func.call(args.to_vec(), vm),
            }
        }

        /// What a lifted loop's dispatcher answers when native code does not run: the
        /// caller then runs its own copy of the loop.
        fn not_run(&self, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
            match self.mode {
                Mode::Lifted { .. } => Ok(vm.ctx.empty_tuple.clone().into()),
                _ => self.py_func.call(args, vm),
            }
        }

        /// Native code under automatic mode's speculation: `None` when a guard failed or
        /// native code returned anything but success (the caller then runs the
        /// interpreter); a specialization that keeps deoptimizing is dropped.
        fn run_speculatively(&self, spec: &Arc<Specialization>, args: &[PyObjectRef], vm: &VirtualMachine) -> PyResult<Option<PyObjectRef>> {
            // A trace or profile function (`sys.settrace`, `sys.setprofile`, a debugger,
            // coverage) sees the lines and calls that only the interpreter runs.
            if vm.use_tracing.get() {
                return Ok(None);
            }
            for guard in &spec.guards {
                let now = guard.globals.get_item_opt(&*guard.name, vm)?;
                let same = match (&now, &guard.expected) {
                    (Some(a), Some(b)) => a.is(b),
                    (None, None) => true,
                    _ => false,
                };
                if !same {
                    self.drop_specialization(spec, &format!("the global `{}` was rebound", guard.name));
                    return Ok(None);
                }
            }
            match self.run_native(spec, args, vm) {
                Ok(value) => {
                    spec.completions.fetch_add(1, Ordering::Relaxed);
                    Ok(Some(value))
                }
                Err(_) if crate::interrupts::take_pending() => {
                    // Ctrl-C: the interpreter reruns the call and raises it; not a
                    // speculation that failed.
                    let what = mangle(&self.qualname_string(vm), &spec.args);
                    record(&self.config, JitEvent::Deoptimized { what, why: "a signal arrived (Ctrl-C)".to_owned(), count: None });
                    Ok(None)
                }
                Err(native_error) => {
                    let why = native_error.as_object().str(vm).map(|s| s.to_string()).unwrap_or_default();
                    // A lifted loop that ran zero times hands back a name only its
                    // iterations bind: the loop as written runs instead, which is not
                    // a speculation that failed.
                    if matches!(self.mode, Mode::Lifted { .. }) && why.starts_with(pynum_jit::lir::lower::UNBOUND_LOCAL_READ) {
                        return Ok(None);
                    }
                    let count = spec.deopts.fetch_add(1, Ordering::Relaxed) + 1;
                    let what = mangle(&self.qualname_string(vm), &spec.args);
                    record(&self.config, JitEvent::Deoptimized { what, why, count: Some(count) });
                    if self.config.drops_after(count, spec.completions.load(Ordering::Relaxed)) {
                        self.drop_specialization(spec, "it deoptimized too often");
                        self.leave_automatic_mode_if_nothing_compiled();
                    }
                    Ok(None)
                }
            }
        }

        fn qualname_string(&self, vm: &VirtualMachine) -> String {
            self.py_func.get_attr("__qualname__", vm).and_then(|q| q.str(vm)).map(|s| s.to_string()).unwrap_or_default()
        }

        fn drop_specialization(&self, spec: &Arc<Specialization>, why: &str) {
            let mut state = self.state.lock();
            state.specializations.retain(|s| !Arc::ptr_eq(s, spec));
            state.failures.insert(spec.args.clone(), why.to_owned());
        }

        /// A function automatic mode could not compile, or whose native code kept
        /// deoptimizing, goes back to the plain interpreter: its calls then cost what
        /// they cost without the JIT (rustpython specializes its call sites again).
        fn leave_automatic_mode_if_nothing_compiled(&self) {
            if matches!(self.mode, Mode::Auto { .. }) && self.state.lock().specializations.is_empty() {
                self.leave_requested.store(true, Ordering::Relaxed);
            }
        }

        fn run_native(&self, spec: &Specialization, args: &[PyObjectRef], vm: &VirtualMachine) -> PyResult {
            let (code, arg_types, return_type) = (&spec.code, &spec.args, &spec.return_type);
            let mut words = [0u64; 16];
            let mut packed: Vec<u64>;
            let words: &mut [u64] = if args.len() <= words.len() {
                &mut words[..args.len()]
            } else {
                packed = vec![0; args.len()];
                &mut packed
            };
            // Lists and bytearrays go in as copies, kept here until native code is done.
            let mut copies: Vec<Reflected<'_>> = Vec::new();
            for ((word, arg), ty) in words.iter_mut().zip(args).zip(arg_types.iter()) {
                let copy = match ty {
                    Type::List(item) => Reflected::List(arg.downcast_ref::<PyList>().expect("typed as a list"), item, Vec::new()),
                    Type::ByteArray => Reflected::Bytes(arg.downcast_ref::<PyByteArray>().expect("typed as a bytearray"), Vec::new()),
                    _ => {
                        *word = pack(arg, ty, vm)?;
                        continue;
                    }
                };
                if self.is_auto() && copies.iter().any(|other| other.object().is(arg)) {
                    // Two names for one object: copies would not see each other's writes.
                    let what = if matches!(copy, Reflected::List(..)) { "a list" } else { "a bytearray" };
                    return Err(vm.new_system_error(format!("{what} passed twice to native code")));
                }
                let copy = copy.filled(vm)?;
                *word = copy.words().as_ptr() as u64;
                copies.push(copy);
            }
            let mut out = [0u64; 16];
            let mut big_out: Vec<u64>;
            let out: &mut [u64] = if code.compiled.result_words <= out.len() {
                &mut out[..]
            } else {
                big_out = vec![0; code.compiled.result_words];
                &mut big_out
            };
            // SAFETY: `words` holds one word per argument part of this specialization and
            // `out` at least the result's words, as the entry expects.
            // Nested native calls count against the interpreter's recursion limit (less a
            // frame of margin: when in doubt, the interpreter decides).
            let depth = (vm.recursion_limit.get() as i64 - vm.current_recursion_depth() as i64 - 1).min(pynum_runtime::MAX_NATIVE_DEPTH);
            let started = self.config.time_native.then(std::time::Instant::now);
            let status = unsafe { (code.entry)(words.as_ptr(), out.as_mut_ptr(), depth) };
            if code.compiled.makes_lists {
                pynum_runtime::lists::release_native_allocations();
            }
            if let Some(started) = started {
                NATIVE_NANOS.fetch_add(started.elapsed().as_nanos() as u64, Ordering::Relaxed);
                NATIVE_CALLS.fetch_add(1, Ordering::Relaxed);
            }
            match Status::from_code(status) {
                Some(Status::Ok) => {
                    for copy in &copies {
                        copy.write_back(vm)?;
                    }
                    Ok(unbox_result(out, return_type, vm))
                }
                Some(Status::StaticRaise) => {
                    let (name, consts) = &code.compiled.raises[out[0] as usize];
                    let class = vm.builtins.get_attr(&vm.ctx.new_str(name.as_str()), vm)?;
                    let args: Vec<PyObjectRef> = consts.iter().map(|c| const_to_python(c, vm)).collect();
                    let exc = class.call(args, vm)?;
                    Err(exc.downcast().map_err(|_| vm.new_type_error("exceptions must derive from BaseException".to_owned()))?)
                }
                Some(Status::Deopt) => {
                    // The site's index is in word 0: say why and where, for --jit-log.
                    let (why, line) = code.compiled.deopt_sites.get(out[0] as usize).map(|(why, line)| (why.as_str(), *line)).unwrap_or(("a deoptimization", 0));
                    Err(vm.new_system_error(format!("{why} at line {line}")))
                }
                Some(other) => {
                    let (type_name, message) = other.exception();
                    let class = vm.builtins.get_attr(type_name, vm)?;
                    // MemoryError() has no message in CPython or Numba.
                    let exc = if message.is_empty() { class.call((), vm)? } else { class.call((message,), vm)? };
                    Err(exc.downcast().map_err(|_| vm.new_type_error("bad exception".to_owned()))?)
                }
                None => Err(vm.new_system_error(format!("native code returned unknown status {status}"))),
            }
        }
    }

    impl Callable for Dispatcher {
        type Args = FuncArgs;

        fn call(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
            if zelf.mode == Mode::Object || !args.kwargs.is_empty() {
                return zelf.py_func.call(args, vm);
            }
            // Under a trace or profile function, automatic mode neither counts, compiles
            // nor runs native code: the tracer sees the program as written, and nothing
            // the compiler does (it runs Python code) shows up as events of the caller.
            if zelf.is_auto() && vm.use_tracing.get() {
                return zelf.not_run(args, vm);
            }
            if let Some(spec) = zelf.exact_specialization(&args.args, vm) {
                return zelf.run_specialization(&spec, &args.args, vm);
            }
            let types: Vec<Type> = args.args.iter().map(|a| type_of(a, vm)).collect();
            let found = {
                let state = zelf.state.lock();
                let exact = state.specializations.iter().position(|s| s.args == types);
                // With explicit signatures, ints may widen to a float parameter, as in Numba.
                let widened = || {
                    state.specializations.iter().position(|s| {
                        s.args.len() == types.len()
                            && s.args.iter().zip(&types).all(|(want, have)| pynum_jit::types::unify(have, want).as_ref() == Some(want))
                    })
                };
                match exact.or_else(|| if state.frozen { widened() } else { None }) {
                    Some(i) => Ok(i),
                    None if state.frozen => Err(Some(state.specializations.iter().map(|s| format!("({})", list(&s.args))).collect::<Vec<_>>())),
                    None if state.failures.contains_key(&types) => Err(None),
                    None => match zelf.mode {
                        Mode::Auto { threshold } | Mode::Lifted { threshold }
                            if zelf.calls.fetch_add(1, Ordering::Relaxed) < threshold =>
                        {
                            Err(None)
                        }
                        _ => Err(Some(Vec::new())),
                    },
                }
            };
            match found {
                Ok(i) => zelf.run(i, &args.args, vm),
                Err(Some(available)) if !available.is_empty() => Err(vm.new_type_error(format!(
                    "No matching definition for argument type(s) {}; available signatures: {}",
                    list(&types),
                    available.join(", ")
                ))),
                Err(Some(_)) => match zelf.compile(&types, vm)? {
                    Ok(i) => zelf.run(i, &args.args, vm),
                    Err(reason) => {
                        if zelf.mode == (Mode::Numba { nopython: true }) {
                            eprintln!("pynum: cannot compile in nopython mode, running in the interpreter instead:\n{}", reason.trim_end());
                        }
                        zelf.leave_automatic_mode_if_nothing_compiled();
                        zelf.not_run(args, vm)
                    }
                },
                Err(None) => zelf.not_run(args, vm),
            }
        }
    }

    impl Dispatcher {
        /// The hot path: a specialization whose types match the arguments exactly.
        fn exact_specialization(&self, args: &[PyObjectRef], vm: &VirtualMachine) -> Option<Arc<Specialization>> {
            let state = self.state.lock();
            state
                .specializations
                .iter()
                .find(|s| s.args.len() == args.len() && s.args.iter().zip(args).all(|(t, a)| has_type(a, t, vm)))
                .cloned()
        }
    }

    /// The `vectorcall` slot: calls from bytecode skip building `FuncArgs` when only
    /// positional arguments are passed and a specialization matches.
    pub(crate) fn vectorcall(
        zelf: &rustpython_vm::PyObject,
        args: Vec<PyObjectRef>,
        nargs: usize,
        kwnames: Option<&[PyObjectRef]>,
        vm: &VirtualMachine,
    ) -> PyResult {
        let dispatcher: &Py<Dispatcher> = zelf.downcast_ref().expect("the slot is only on Dispatcher");
        if kwnames.is_none_or(|k| k.is_empty()) && dispatcher.mode != Mode::Object {
            if let Some(spec) = dispatcher.exact_specialization(&args[..nargs], vm) {
                return dispatcher.run_specialization(&spec, &args[..nargs], vm);
            }
        }
        let func_args = FuncArgs::from_vectorcall_owned(args, nargs, kwnames);
        <Dispatcher as Callable>::call(dispatcher, func_args, vm)
    }

    /// Installs [`vectorcall`] on the Dispatcher type (once per process).
    pub(crate) fn install_vectorcall(vm: &VirtualMachine) {
        Dispatcher::class(&vm.ctx).slots.vectorcall.store(Some(vectorcall));
        LiftedLoop::class(&vm.ctx).slots.vectorcall.store(Some(lifted_loop_vectorcall));
    }

    fn list(types: &[Type]) -> String {
        types.iter().map(Type::to_string).collect::<Vec<_>>().join(", ")
    }

    impl GetDescriptor for Dispatcher {
        fn descr_get(zelf: &rustpython_vm::PyObject, obj: Option<&rustpython_vm::PyObject>, _cls: Option<&rustpython_vm::PyObject>, vm: &VirtualMachine) -> PyResult {
            match obj {
                Some(obj) if !vm.is_none(&obj.to_owned()) => Ok(PyBoundMethod::new(obj.to_owned(), zelf.to_owned()).into_ref(&vm.ctx).into()),
                _ => Ok(zelf.to_owned()),
            }
        }
    }

    impl Representable for Dispatcher {
        fn repr_str(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<String> {
            let function = zelf.py_func.repr(vm)?;
            // Automatic mode is invisible: the function prints as itself.
            Ok(if zelf.is_auto() { function.to_string() } else { format!("CPUDispatcher({function})") })
        }
    }

    /// Attributes the dispatcher does not define are the function's (`__code__`,
    /// `__defaults__`, `__globals__`, `__dict__` entries...), so introspection and
    /// decorators on top see the function they expect.
    impl GetAttr for Dispatcher {
        fn getattro(zelf: &Py<Self>, name: &Py<rustpython_vm::builtins::PyStr>, vm: &VirtualMachine) -> PyResult {
            // Automatic mode must not change what a program sees: `isinstance(f,
            // types.FunctionType)` and `inspect.isfunction(f)` read `__class__`. (Only
            // `type(f)` itself still names the dispatcher.)
            if zelf.is_auto() && name.to_str() == Some("__class__") {
                return Ok(zelf.py_func.class().to_owned().into());
            }
            // Attribute writes go to the function (see `SetAttr`), so its dict is the one.
            if zelf.is_auto() && name.to_str() == Some("__dict__") {
                return zelf.py_func.get_attr(name, vm);
            }
            match zelf.as_object().generic_getattr_opt(name, None, vm)? {
                Some(value) => Ok(value),
                None => zelf.py_func.get_attr(name, vm),
            }
        }
    }

    impl SetAttr for Dispatcher {
        fn setattro(
            zelf: &Py<Self>,
            name: &Py<rustpython_vm::builtins::PyStr>,
            value: rustpython_vm::function::PySetterValue,
            vm: &VirtualMachine,
        ) -> PyResult<()> {
            if !zelf.is_auto() {
                return zelf.as_object().generic_setattr(name, value, vm);
            }
            // Automatic mode's dispatcher stands for the function: writes go to it, and
            // what native code was compiled from may have changed (`__code__`,
            // `__defaults__`...), so every specialization goes.
            match value {
                rustpython_vm::function::PySetterValue::Assign(value) => zelf.py_func.set_attr(name, value, vm)?,
                rustpython_vm::function::PySetterValue::Delete => zelf.py_func.del_attr(name, vm)?,
            }
            let mut state = zelf.state.lock();
            state.specializations.clear();
            state.failures.clear();
            Ok(())
        }
    }

    #[pyclass(with(Callable, GetDescriptor, GetAttr, SetAttr, Representable), flags(HAS_DICT, HAS_WEAKREF))]
    impl Dispatcher {
        /// Pickled, copied and deep-copied as a function is: by reference to its module
        /// and qualified name (pickle's `save_global` checks that the name leads back
        /// to this very object; `copy` returns it as it is). `multiprocessing` sends
        /// compiled functions to its workers this way.
        #[pymethod]
        fn __reduce__(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
            zelf.py_func.get_attr("__qualname__", vm)
        }
        #[pygetset]
        fn py_func(zelf: &Py<Self>) -> PyObjectRef {
            zelf.py_func.clone()
        }
        #[pygetset(name = "__wrapped__")]
        fn wrapped(zelf: &Py<Self>) -> PyObjectRef {
            zelf.py_func.clone()
        }
        #[pygetset(name = "__name__")]
        fn name(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
            zelf.py_func.get_attr("__name__", vm)
        }
        #[pygetset(name = "__qualname__")]
        fn qualname(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
            zelf.py_func.get_attr("__qualname__", vm)
        }
        #[pygetset(name = "__doc__")]
        fn doc(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
            zelf.py_func.get_attr("__doc__", vm)
        }
        #[pygetset(name = "__module__")]
        fn module(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
            zelf.py_func.get_attr("__module__", vm)
        }
        /// The compiled signatures, as tuples of type names.
        #[pygetset]
        fn signatures(zelf: &Py<Self>, vm: &VirtualMachine) -> Vec<PyObjectRef> {
            let state = zelf.state.lock();
            state
                .specializations
                .iter()
                .map(|s| vm.ctx.new_tuple(s.args.iter().map(|t| vm.ctx.new_str(t.to_string()).into()).collect()).into())
                .collect()
        }
        /// Compile time per specialization, in milliseconds.
        #[pygetset]
        fn stats(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<PyObjectRef> {
            let dict = vm.ctx.new_dict();
            for s in &zelf.state.lock().specializations {
                dict.set_item(format!("({})", list(&s.args)).as_str(), vm.ctx.new_float(s.compile_ms).into(), vm)?;
            }
            Ok(dict.into())
        }
        /// `(completed, deoptimized)`: the calls its live specializations ran to the end in
        /// native code and those they handed back to the interpreter (tests read it to
        /// know which inputs native code answered).
        #[pygetset]
        fn native_outcomes(zelf: &Py<Self>) -> (u32, u32) {
            zelf.state.lock().specializations.iter().fold((0, 0), |(done, deopts), s| {
                (done + s.completions.load(Ordering::Relaxed), deopts + s.deopts.load(Ordering::Relaxed))
            })
        }
        /// Prints each specialization's typed annotation.
        #[pymethod]
        fn inspect_types(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<()> {
            let (env, root) = LiveEnv::build(&zelf.py_func, vm)?;
            let source = std::fs::read_to_string(&root.filename).unwrap_or_default();
            let mut inferencer = Inferencer::new(zelf.typing_context(), &env);
            let signatures: Vec<Vec<Type>> = zelf.state.lock().specializations.iter().map(|s| s.args.clone()).collect();
            let mut out = String::new();
            for args in signatures {
                if let Ok(typed) = inferencer.infer_function(&root, &args) {
                    out.push_str(&pynum_jit::annotate::text(&pynum_jit::annotate::Annotated::Typed(&typed), &source));
                }
            }
            let stdout = vm.sys_module.get_attr("stdout", vm)?;
            vm.call_method(&stdout, "write", (out,))?;
            Ok(())
        }
        /// The machine code of each specialization, disassembled, keyed by signature.
        #[pymethod]
        fn inspect_asm(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<PyObjectRef> {
            let signatures: Vec<Vec<Type>> = zelf.state.lock().specializations.iter().map(|s| s.args.clone()).collect();
            let dict = vm.ctx.new_dict();
            let (env, root) = LiveEnv::build(&zelf.py_func, vm)?;
            let mut inferencer = Inferencer::new(zelf.typing_context(), &env);
            for args in signatures {
                let Ok(typed) = inferencer.infer_function(&root, &args) else { continue };
                let Ok(functions) = reachable_functions(&typed, &mut inferencer) else { continue };
                let options = CompileOptions {
                    python_semantics: zelf.is_auto(),
                    keep_lir: false,
                    dumps: DumpOptions { keep_asm: true, ..DumpOptions::default() },
                };
                if let Ok(compiled) = pynum_jit::driver::compile(pynum_cranelift::Cranelift::shared(), &functions, &options) {
                    dict.set_item(format!("({})", list(&args)).as_str(), vm.ctx.new_str(compiled.code.dumps().asm).into(), vm)?;
                }
            }
            Ok(dict.into())
        }
    }
}

