//! What native code was compiled against, and the checks that it still holds: the live
//! environment of a function (its globals as its module holds them now, the IR of every
//! function reachable through dispatchers) and a [`Guard`] on each name it read (in the
//! module, in `builtins`, and the attributes of modules such as `math`). A name counts as
//! a builtin only while it is the object `builtins` held at start-up
//! (`_pynum._original_builtins`).
//!
//! Assumes the ops registry (`pynum_jit::ops`) names the module constants native code
//! folds in.

use std::collections::HashMap;

use pynum_jit::ir::{Const, Expr, Function, InstKind};
use pynum_jit::typeinfer::{Environment, Global};
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
}

impl Guard {
    fn named(globals: &PyRef<PyDict>, name: &str, expected: Option<PyObjectRef>, vm: &VirtualMachine) -> Guard {
        Guard { globals: globals.clone(), name: vm.ctx.new_str(name), expected, attribute_of: None }
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
    globals: HashMap<String, Global>,
    functions: HashMap<String, Function>,
    /// The defaults of the functions it reaches that have constant ones
    /// ([`LiveEnv::bind_defaults`]).
    defaults: HashMap<String, Vec<Const>>,
    pub(super) guards: Vec<Guard>,
}

impl Environment for LiveEnv {
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
        if self.defaults.contains_key(qualname) {
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
        });
        self.defaults.insert(qualname.to_owned(), constants);
        Ok(())
    }

    /// The environment of `root` and the IR of `root` itself (analyzed once). With
    /// `freeze_globals` (`@njit`), globals bound to numbers become constants.
    pub(super) fn build(
        root: &PyObjectRef,
        freeze_globals: bool,
        vm: &VirtualMachine,
    ) -> PyResult<(LiveEnv, Function)> {
        let mut env = LiveEnv {
            globals: HashMap::new(),
            functions: HashMap::new(),
            defaults: HashMap::new(),
            guards: Vec::new(),
        };
        let mut root_ir = None;
        let mut pending = vec![root.clone()];
        // Under `@njit`, globals bound to a number native code holds as a constant (`N =
        // 1000`, `DT = 0.01`) are read into the code as constants: Numba freezes globals
        // when it compiles (rebinding one later does not change the compiled code), and
        // such code kept no guards. Automatic mode does not: another thread may rebind
        // the global while a loop reading it runs (`while not stop:` in a worker), and a
        // constant in native code would never see it.
        let mut constants: HashMap<String, Const> = HashMap::new();
        while let Some(func) = pending.pop() {
            let mut ir = match function_ir(&func, vm) {
                Ok(ir) => ir,
                Err(_) if !func.is(root) => continue,
                Err(e) => return Err(e),
            };
            if env.functions.contains_key(&ir.qualname) {
                continue;
            }
            let globals: PyRef<PyDict> = func
                .get_attr("__globals__", vm)?
                .downcast()
                .map_err(|_| vm.new_type_error("__globals__".to_owned()))?;
            let builtins = vm.builtins.dict();
            for name in global_names(&ir) {
                if env.globals.contains_key(&name) {
                    continue;
                }
                let in_globals = globals.get_item_opt(name.as_str(), vm)?;
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
                let meaning = match value {
                    Some(value) if freeze_globals && dispatcher.is_none() && constant_of(&value, vm).is_some() => {
                        constants.insert(name.clone(), constant_of(&value, vm).expect("checked"));
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
                    // A builtin under another name (`numba.prange`, which is `range`).
                    Some(v) => original_builtin_name(vm, &v).map_or(Global::Unknown, Global::Builtin),
                    _ => Global::Unknown,
                };
                // Range loops were rewritten for the builtin `range`; a module's own
                // `range` leaves the function to the interpreter.
                if name == "range" && !matches!(&meaning, Global::Builtin(builtin) if builtin == "range") {
                    return Err(vm.new_type_error(
                        "`range` is not the builtin here, and native range loops assume it".to_owned(),
                    ));
                }
                env.globals.insert(name, meaning);
            }
            read_constants_in(&mut ir, &constants);
            if func.is(root) {
                root_ir = Some(ir.clone());
            }
            env.functions.insert(ir.qualname.clone(), ir);
        }
        let root_ir = root_ir.expect("the root is analyzed first, or build failed");
        Ok((env, root_ir))
    }
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
    if constants.is_empty() {
        return;
    }
    for inst in func.blocks.iter_mut().flat_map(|b| b.insts.iter_mut()) {
        if let InstKind::Assign { value, .. } = &mut inst.kind {
            if let Expr::Global(name) = value {
                if let Some(constant) = constants.get(name.as_str()) {
                    *value = Expr::Const(constant.clone());
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

/// The name under which `builtins` held `value` at start-up, if it held it.
fn original_builtin_name(vm: &rustpython_vm::VirtualMachine, value: &rustpython_vm::PyObjectRef) -> Option<String> {
    use rustpython_vm::AsObject;
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
