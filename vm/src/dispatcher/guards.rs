//! What native code was compiled against, and the checks that it still holds: the live
//! environment of a function (its globals as its module holds them now, the IR of every
//! function reachable through dispatchers) and a [`Guard`] on each name it read (in the
//! module, in `builtins`, and the attributes of modules such as `math`). A name counts as
//! a builtin only while it is the object `builtins` held at start-up
//! (`_pynum._original_builtins`).
//!
//! Assumes the ops registry (`pynum_jit::ops`) names the module constants native code
//! folds in.

use rustc_hash::FxHashMap as HashMap;

use pynum_jit::ir::{Const, Expr, Function, InstKind};
use pynum_jit::typeinfer::{Environment, Global};
use pynum_jit::types::Type;
use rustpython_vm::{
    builtins::{PyDict, PyFloat, PyInt, PyModule, PyTuple},
    AsObject, Py, PyObjectRef, PyRef, PyResult, VirtualMachine,
};

use super::code::function_ir;
use super::Dispatcher;

/// A name native code was compiled against, in the dict that held it (a module's
/// globals, `builtins`, or a module native code reads attributes of, such as `math`):
/// if it is rebound, the code is stale.
pub(super) struct Guard {
    pub(super) globals: PyRef<PyDict>,
    pub(super) name: rustpython_vm::builtins::PyStrRef,
    pub(super) expected: Option<PyObjectRef>,
    /// A function whose code native code compiled in, or whose defaults it bound in a
    /// call that left them out, and that attribute (`__code__`, `__defaults__`): the
    /// guard holds while the attribute is still `expected` (then `name` is the
    /// function's qualified name, `globals` its module's). Checked only after some
    /// function's attributes were written (`compiled_functions::FUNCTION_WRITES`).
    pub(super) attribute_of: Option<(PyObjectRef, &'static str)>,
    /// A global whose number native code holds as a constant (automatic mode's
    /// [`GlobalConstants::Guarded`]).
    pub(super) folded: bool,
    /// A global holding a container native code takes (a list, a dict, a bytearray, a
    /// tuple, an array, an object with fields), read at each call and passed to native
    /// code as an argument of this type ([`LiveEnv::pass_globals_as_arguments`]): not
    /// checked for identity, as the call reads whatever the global holds then.
    pub(super) implicit: Option<Type>,
}

/// What a compile makes of the module globals its code reads that are bound to numbers
/// native code holds (`N = 1000`, `DT = 0.01`, `stop = False`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum GlobalConstants {
    /// `@njit`: read once, at compile time, as Numba freezes globals.
    Frozen,
    /// Automatic mode: read at compile time, with a guard that each call checks at its
    /// entry, and only while the program runs no other thread and has set no signal
    /// handler of its own ([`globals_may_change_under_native_code`]): then nothing can
    /// rebind the global while native code runs (it calls no code of the program), and
    /// a call after a rebinding finds the guard failed and runs in the interpreter,
    /// which reads the new value. Otherwise the code as written runs, as no safepoint
    /// could hand a running loop's state back to the interpreter (a restart from the
    /// call's entry would redo its iterations with the new value: a `while not stop: n
    /// += 1` loop would count nothing). A global once seen rebound
    /// after it was folded is not folded again ([`remember_rebound`]): it is a variable,
    /// and each rebinding would cost a compile. Such functions stay in the interpreter,
    /// as before globals were folded.
    Guarded,
}

/// Whether code of the program may rebind a global while native code runs: it has
/// started threads that are still running (`_thread`'s count; the JIT's own threads run
/// no Python code), or given a signal a handler of its own (it runs where a native loop
/// leaves for it, and the call then starts again from its entry with what the handler
/// rebound: a `for` loop ending at `if STOP: break` counted one iteration).
pub(super) fn globals_may_change_under_native_code(vm: &VirtualMachine) -> bool {
    vm.state.thread_count.load() > 0 || crate::interrupts::program_handler_set()
}

/// Globals (by the address of their module's dict, and name) that were rebound after
/// native code folded them in.
static REBOUND: parking_lot::Mutex<Vec<(usize, String)>> = parking_lot::Mutex::new(Vec::new());

/// Notes that `guard`'s folded global was rebound: later compiles leave it unfolded.
pub(super) fn remember_rebound(guard: &Guard) {
    if guard.folded {
        let key = (guard.globals.as_object() as *const _ as *const u8 as usize, guard.name.to_string());
        let mut rebound = REBOUND.lock();
        if !rebound.contains(&key) {
            rebound.push(key);
        }
    }
}

fn was_rebound(globals: &PyRef<PyDict>, name: &str) -> bool {
    let address = globals.as_object() as *const _ as *const u8 as usize;
    REBOUND.lock().iter().any(|(dict, rebound)| *dict == address && rebound == name)
}

impl Guard {
    fn named(globals: &PyRef<PyDict>, name: &str, expected: Option<PyObjectRef>, vm: &VirtualMachine) -> Guard {
        Guard {
            globals: globals.clone(),
            name: vm.ctx.new_str(name),
            expected,
            attribute_of: None,
            folded: false,
            implicit: None,
        }
    }

    /// Whether what native code was compiled against still holds.
    pub(super) fn holds(&self, vm: &VirtualMachine) -> PyResult<bool> {
        let now = match &self.attribute_of {
            Some((function, attribute)) => Some(function.get_attr(*attribute, vm)?),
            None => self.globals.get_item_opt(&*self.name, vm)?,
        };
        Ok(match (&now, &self.expected) {
            (Some(a), Some(b)) => a.is(b),
            (None, None) => true,
            _ => false,
        })
    }

    /// Why a failed guard makes the code stale, for `--jit-log`.
    pub(super) fn what_changed(&self) -> String {
        match &self.attribute_of {
            Some((_, attribute)) => format!("the {attribute} of `{}` was replaced", self.name),
            None => format!("the global `{}` was rebound", self.name),
        }
    }
}

/// Globals as the functions' modules hold them right now, and the IR of every function
/// reachable through dispatchers.
pub(super) struct LiveEnv {
    typing: TypingEnv,
    /// Globals the root function reads that hold containers native code takes, with
    /// their types, in the order the root reads them first: what
    /// [`LiveEnv::pass_globals_as_arguments`] may turn into arguments.
    containers: Vec<(String, Type)>,
    pub(super) guards: Vec<Guard>,
}

/// What typing reads of a [`LiveEnv`]: plain data, no Python object, so the compile
/// thread may type with it (and drop it).
#[derive(Default)]
pub(super) struct TypingEnv {
    globals: HashMap<String, Global>,
    functions: HashMap<String, Function>,
    /// The defaults of the functions it reaches that have constant ones
    /// ([`LiveEnv::bind_defaults`]).
    defaults: HashMap<String, Vec<Const>>,
}

impl Environment for TypingEnv {
    fn global(&self, name: &str) -> Global {
        self.globals.get(name).cloned().unwrap_or(Global::Unknown)
    }
    fn function(&self, qualname: &str) -> Option<&Function> {
        self.functions.get(qualname)
    }
    fn defaults(&self, qualname: &str) -> Option<&[Const]> {
        self.defaults.get(qualname).map(Vec::as_slice)
    }
}

impl Environment for LiveEnv {
    fn global(&self, name: &str) -> Global {
        self.typing.global(name)
    }
    fn function(&self, qualname: &str) -> Option<&Function> {
        self.typing.function(qualname)
    }
    fn defaults(&self, qualname: &str) -> Option<&[Const]> {
        self.typing.defaults(qualname)
    }
}

impl LiveEnv {
    /// Records the defaults of `function` (a callee of the code being compiled) when
    /// each is a constant native code holds (an int that fits in 64 bits, a float, a
    /// bool), with a guard on its `__defaults__`: a call inside native code that leaves
    /// them out binds them as the interpreter would.
    fn bind_defaults(
        &mut self,
        function: &PyObjectRef,
        qualname: &str,
        globals: &PyRef<PyDict>,
        vm: &VirtualMachine,
    ) -> PyResult<()> {
        if self.typing.defaults.contains_key(qualname) {
            return Ok(());
        }
        let defaults = function.get_attr("__defaults__", vm)?;
        let Some(tuple) = defaults.downcast_ref::<PyTuple>() else { return Ok(()) };
        let constants: Option<Vec<Const>> = tuple.as_slice().iter().map(|value| constant_of(value, vm)).collect();
        let Some(constants) = constants else { return Ok(()) };
        self.guards.push(Guard {
            globals: globals.clone(),
            name: vm.ctx.new_str(qualname),
            expected: Some(defaults.clone()),
            attribute_of: Some((function.clone(), "__defaults__")),
            folded: false,
            implicit: None,
        });
        self.typing.defaults.insert(qualname.to_owned(), constants);
        Ok(())
    }

    /// The environment of `root` and the IR of `root` itself (analyzed once). Globals
    /// bound to numbers become constants as `constants_policy` says.
    pub(super) fn build(
        root: &PyObjectRef,
        constants_policy: GlobalConstants,
        vm: &VirtualMachine,
    ) -> PyResult<(LiveEnv, Function)> {
        let mut env = LiveEnv { typing: TypingEnv::default(), containers: Vec::new(), guards: Vec::new() };
        let mut root_ir = None;
        let mut pending = vec![root.clone()];
        // Globals bound to a number native code holds as a constant (`N = 1000`, `DT =
        // 0.01`) are read into the code as constants, as `constants_policy` allows
        // ([`GlobalConstants`]).
        let mut constants: HashMap<String, Const> = HashMap::default();
        while let Some(func) = pending.pop() {
            let mut ir = match function_ir(&func, vm) {
                Ok(ir) => ir,
                Err(_) if !func.is(root) => continue,
                Err(e) => return Err(e),
            };
            if env.typing.functions.contains_key(&ir.qualname) {
                continue;
            }
            let globals: PyRef<PyDict> = func
                .get_attr("__globals__", vm)?
                .downcast()
                .map_err(|_| vm.new_type_error("__globals__".to_owned()))?;
            let builtins = vm.builtins.dict();
            for name in global_names(&ir) {
                if env.typing.globals.contains_key(&name) {
                    continue;
                }
                let in_globals = globals.get_item_opt(name.as_str(), vm)?;
                let bound_in_module = in_globals.is_some();
                env.guards.push(Guard::named(&globals, name.as_str(), in_globals.clone(), vm));
                let value = match in_globals {
                    Some(v) => Some(v),
                    None => {
                        // A builtin: native code implements the original, so a program
                        // that replaced it (`builtins.abs = ...`) keeps the interpreter.
                        let in_builtins = builtins.get_item_opt(name.as_str(), vm)?;
                        env.guards.push(Guard::named(&builtins, name.as_str(), in_builtins.clone(), vm));
                        in_builtins.filter(|v| is_original_builtin(vm, &name, v))
                    }
                };
                if let Some(module) = value.as_ref().and_then(|v| v.downcast_ref::<PyModule>()) {
                    guard_module_attributes(&mut env.guards, module, &ir, &name, vm)?;
                }
                // A function under a dispatcher (automatic mode's registered functions, or
                // `@njit`'s dispatcher objects) compiles with its callers.
                let dispatcher = value.as_ref().and_then(|v| {
                    v.downcast_ref::<Dispatcher>()
                        .map(|d| d.to_owned())
                        .or_else(|| super::compiled_functions::dispatcher_of(v))
                });
                // Why automatic mode does not fold or pass a global it could, if it does not.
                let refused = match constants_policy {
                    GlobalConstants::Frozen => None,
                    GlobalConstants::Guarded if !bound_in_module => Some("it is not bound in the module"),
                    GlobalConstants::Guarded if was_rebound(&globals, &name) => {
                        Some("it was rebound after native code read it")
                    }
                    GlobalConstants::Guarded if globals_may_change_under_native_code(vm) => {
                        Some("a thread or signal handler of the program's may rebind it while native code runs")
                    }
                    GlobalConstants::Guarded => None,
                };
                let foldable = refused.is_none();
                let refusal = |value: &PyObjectRef| {
                    let takes = constant_of(value, vm).is_some() || passes_as_argument(&super::type_of(value, vm));
                    match refused {
                        Some(why) if takes => Global::Refused(why.to_owned()),
                        _ if takes && !func.is(root) && constants_policy == GlobalConstants::Guarded => {
                            Global::Refused(
                                "a container global becomes an argument of the function that reads it, not of its \
                                 callers' compiles"
                                    .to_owned(),
                            )
                        }
                        _ => Global::Unknown,
                    }
                };
                let meaning = match value {
                    Some(value) if foldable && dispatcher.is_none() && constant_of(&value, vm).is_some() => {
                        constants.insert(name.clone(), constant_of(&value, vm).expect("checked"));
                        if let Some(guard) =
                            env.guards.last_mut().filter(|_| constants_policy == GlobalConstants::Guarded)
                        {
                            guard.folded = true;
                        }
                        Global::Unknown
                    }
                    Some(value) if dispatcher.is_some() => {
                        let inner = dispatcher.expect("checked").py_func.clone();
                        let qualname = inner.get_attr("__qualname__", vm)?.str(vm)?.to_string();
                        // Its code is compiled in: a new `__code__` makes this stale.
                        if value.downcast_ref::<rustpython_vm::builtins::PyFunction>().is_some() {
                            env.guards.push(Guard {
                                globals: globals.clone(),
                                name: vm.ctx.new_str(qualname.as_str()),
                                expected: Some(value.get_attr("__code__", vm)?),
                                attribute_of: Some((value.clone(), "__code__")),
                                folded: false,
                                implicit: None,
                            });
                        }
                        env.bind_defaults(&inner, &qualname, &globals, vm)?;
                        pending.push(inner);
                        Global::Function(qualname)
                    }
                    Some(v) if v.downcast_ref::<PyModule>().is_some() => {
                        Global::Module(v.get_attr("__name__", vm)?.str(vm)?.to_string())
                    }
                    Some(v) if is_original_builtin(vm, &name, &v) => Global::Builtin(name.clone()),
                    Some(v) if foldable && func.is(root) && original_builtin_name(vm, &v).is_none() => {
                        let ty = super::type_of(&v, vm);
                        if passes_as_argument(&ty) {
                            env.containers.push((name.clone(), ty));
                        }
                        Global::Unknown
                    }
                    // A builtin under another name (`numba.prange`, which is `range`).
                    Some(v) => original_builtin_name(vm, &v).map_or_else(|| refusal(&v), Global::Builtin),
                    _ => Global::Unknown,
                };
                // Range loops were rewritten for the builtin `range`; a module's own
                // `range` leaves the function to the interpreter.
                if name == "range" && !matches!(&meaning, Global::Builtin(builtin) if builtin == "range") {
                    return Err(vm.new_type_error(
                        "`range` is not the builtin here, and native range loops assume it".to_owned(),
                    ));
                }
                env.typing.globals.insert(name, meaning);
            }
            read_constants_in(&mut ir, &constants);
            if func.is(root) {
                root_ir = Some(ir.clone());
            }
            env.typing.functions.insert(ir.qualname.clone(), ir);
        }
        let root_ir = root_ir.expect("the root is analyzed first, or build failed");
        Ok((env, root_ir))
    }
}

impl LiveEnv {
    /// What typing reads, apart from the guards, which stay with the dispatcher.
    pub(super) fn split(self) -> (TypingEnv, Vec<Guard>) {
        (self.typing, self.guards)
    }

    /// Makes the globals holding containers that `root` reads (`BODIES = [[...], ...]`,
    /// `counts = {}` at module level) arguments of `root` and of `variant` (its
    /// interleaved form), after its own: each read becomes a read of a parameter
    /// (`__pynum_global_<name>`), and the call passes what the global holds then, copied
    /// in and written back as any argument is ([`Specialization::implicit_arguments`]).
    /// A function reading such a global stayed in the interpreter ("`BODIES` is not a
    /// global pynum can compile against"). Only the root's own reads: a callee that reads
    /// one still does not compile. Returns the types to append to the call's.
    ///
    /// [`Specialization::implicit_arguments`]: super::compile::Specialization::implicit_arguments
    pub(super) fn pass_globals_as_arguments(
        &mut self,
        root: &mut Function,
        variant: Option<&mut Function>,
    ) -> Vec<Type> {
        let containers = std::mem::take(&mut self.containers);
        if containers.is_empty() {
            return Vec::new();
        }
        for guard in &mut self.guards {
            if let Some((_, ty)) =
                containers.iter().find(|(name, _)| guard.attribute_of.is_none() && guard.name.to_string() == *name)
            {
                guard.implicit = Some(ty.clone());
            }
        }
        let names: Vec<&str> = containers.iter().map(|(name, _)| name.as_str()).collect();
        for function in std::iter::once(root).chain(variant) {
            read_globals_as_parameters(function, &names);
        }
        containers.into_iter().map(|(_, ty)| ty).collect()
    }
}

/// The parameter a global passed as an argument becomes.
fn global_parameter(name: &str) -> String {
    format!("__pynum_global_{name}")
}

/// Appends a parameter to `func` per name in `names`, and reads it where `func` read the
/// global.
fn read_globals_as_parameters(func: &mut Function, names: &[&str]) {
    func.params.extend(names.iter().map(|name| global_parameter(name)));
    replace_global_reads(func, |name| {
        names.contains(&name).then(|| Expr::Var(pynum_jit::ir::Var(global_parameter(name))))
    });
}

/// Whether native code takes a global of type `ty` as an argument: a container it
/// copies in and writes back, or one it reads in place.
fn passes_as_argument(ty: &Type) -> bool {
    matches!(
        ty,
        Type::List(_) | Type::Dict(..) | Type::ByteArray | Type::Tuple(_) | Type::Array { .. } | Type::Object(_)
    )
}

/// Guards on the attributes `ir` reads of the module bound to the global `global`, and a
/// check that each is still the module's own (native code implements `math.sqrt`,
/// `math.pi`... by name): a function whose `__self__` is the module and whose name is the
/// attribute, or a constant with the value the ops registry folds in.
fn guard_module_attributes(
    guards: &mut Vec<Guard>,
    module: &Py<PyModule>,
    ir: &Function,
    global: &str,
    vm: &VirtualMachine,
) -> PyResult<()> {
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
        let module_name = module.as_object().get_attr("__name__", vm).ok().and_then(|n| n.str(vm).ok());
        let module_name = module_name.map(|n| n.to_string()).unwrap_or_default();
        let own = value.as_ref().is_some_and(|v| {
            let named = v.get_attr("__name__", vm).ok().and_then(|n| n.str(vm).ok()).is_some_and(|n| {
                let n = n.to_string();
                n == *attr || pynum_jit::ops::alias_of(&module_name, attr) == Some(n.as_str())
            });
            // A builtin function of the module (`math.sqrt`), or a function, class or
            // ufunc defined in the module's own code (`np.zeros`, `np.float64`, `np.sqrt`).
            let owned = v.get_attr("__self__", vm).is_ok_and(|owner| owner.is(module.as_object()))
                || v.get_attr("__module__", vm)
                    .ok()
                    .and_then(|m| m.str(vm).ok())
                    .is_some_and(|m| m.to_string() == module_name);
            let is_module_function = named && owned;
            let constant = pynum_jit::ops::constant(attr);
            let is_constant =
                v.downcast_ref::<PyFloat>().is_some_and(|f| constant.is_some_and(|c| c.holds(f.to_f64())));
            is_module_function || is_constant
        });
        if !own {
            return Err(vm.new_type_error(format!("`{global}.{attr}` is not the module's own")));
        }
        guards.push(Guard::named(&dict, attr.as_str(), value, vm));
    }
    Ok(())
}

/// Replaces the reads of the globals in `constants` with their values.
fn read_constants_in(func: &mut Function, constants: &HashMap<String, Const>) {
    if !constants.is_empty() {
        replace_global_reads(func, |name| constants.get(name).map(|constant| Expr::Const(constant.clone())));
    }
}

/// Replaces each read of a global `name` in `func` with `instead(name)`, where that is
/// an expression.
fn replace_global_reads(func: &mut Function, instead: impl Fn(&str) -> Option<Expr>) {
    for inst in func.blocks.iter_mut().flat_map(|b| b.insts.iter_mut()) {
        if let InstKind::Assign { value, .. } = &mut inst.kind {
            if let Expr::Global(name) = value {
                if let Some(replacement) = instead(name.as_str()) {
                    *value = replacement;
                }
            }
        }
    }
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

/// `_pynum._original_builtins`: `builtins` as start-up left it, before any program code.
/// Native code implements these objects; a program may replace them.
pub(crate) fn remember_original_builtins(vm: &rustpython_vm::VirtualMachine) -> rustpython_vm::PyResult<()> {
    let copy = vm.ctx.new_dict();
    for (name, value) in &vm.builtins.dict() {
        copy.set_item(&*name, value, vm)?;
    }
    vm.import("_pynum", 0)?.set_attr("_original_builtins", copy, vm)
}

/// The name under which `builtins` held `value` at start-up, if it held it. Not for
/// `None`, `True` and `False`: `builtins` holds those too (`False`, `__doc__`), and a
/// global bound to one is no builtin function.
fn original_builtin_name(vm: &rustpython_vm::VirtualMachine, value: &rustpython_vm::PyObjectRef) -> Option<String> {
    use rustpython_vm::AsObject;
    if vm.is_none(value) || value.class().is(vm.ctx.types.bool_type) {
        return None;
    }
    let copy = vm.import("_pynum", 0).and_then(|pynum| pynum.get_attr("_original_builtins", vm)).ok()?;
    let copy = copy.downcast::<rustpython_vm::builtins::PyDict>().ok()?;
    let found = copy.into_iter().find(|(_, original)| original.is(value.as_object()));
    found.and_then(|(name, _)| name.str(vm).ok().map(|n| n.to_string()))
}

/// Whether `value` is the object `builtins.<name>` held at start-up.
pub(crate) fn is_original_builtin(
    vm: &rustpython_vm::VirtualMachine,
    name: &str,
    value: &rustpython_vm::PyObjectRef,
) -> bool {
    use rustpython_vm::AsObject;
    vm.import("_pynum", 0)
        .and_then(|pynum| pynum.get_attr("_original_builtins", vm))
        .and_then(|copy| copy.get_item(name, vm))
        .is_ok_and(|original| original.is(value.as_object()))
}

/// `value` as a constant native code holds: an exact bool, an exact int that fits in
/// 64 bits, or an exact float.
fn constant_of(value: &PyObjectRef, vm: &VirtualMachine) -> Option<Const> {
    if value.class().is(vm.ctx.types.bool_type) {
        return Some(Const::Bool(value.is(&vm.ctx.true_value)));
    }
    if let Some(int) = value.downcast_ref_if_exact::<PyInt>(vm) {
        return i64::try_from(int.as_bigint()).ok().map(Const::Int);
    }
    value.downcast_ref_if_exact::<PyFloat>(vm).map(|float| Const::Float(float.to_f64()))
}
