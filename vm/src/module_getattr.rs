//! A module's missing attribute as CPython 3.11 reports it: `module 'm' has no attribute
//! 'x'`, "partially initialized" while the module runs, "cannot access submodule" while
//! a submodule does, and no Python code run to say so.
//!
//! rustpython 0.6 words the error as 3.13 does ("consider renaming '<file>' ..." for a
//! package whose `__init__` is still running) and, to decide, reads the module spec's
//! `has_location`, a property written in Python (importlib's `ModuleSpec`). Running
//! that code checks for signals, and rustpython drops whatever it raised: a Ctrl-C that
//! arrived just then became a `KeyboardInterrupt` raised and lost, and a program went on
//! running (`getattr(module, name, default)`, `hasattr`, and the JIT's own look-ups
//! during a compile all take this path). The module type's `getattro` slot is replaced
//! at start-up with one that follows CPython 3.11's `module_getattro`.
//!
//! Assumes attribute access on modules goes through the type's `getattro` slot (a plain
//! atomic that may be stored at run time) and that subclasses created before start-up
//! copied the slot, so those still holding rustpython's function are updated too.

use rustpython_vm::{
    builtins::{PyStr, PyType},
    AsObject, Py, PyObject, PyObjectRef, PyResult, VirtualMachine,
};

/// Stores [`module_getattro`] in the module type's slot, and in its subclasses that
/// still hold rustpython's.
pub fn install(vm: &VirtualMachine) {
    let module_type: &Py<PyType> = vm.ctx.types.module_type;
    let rustpythons = module_type.slots.getattro.load().map(|f| f as usize);
    replace_in(module_type, rustpythons);
}

fn replace_in(ty: &Py<PyType>, rustpythons: Option<usize>) {
    if ty.slots.getattro.load().map(|f| f as usize) == rustpythons {
        ty.slots.getattro.store(Some(module_getattro));
    }
    let subclasses: Vec<PyObjectRef> = ty.subclasses.read().iter().filter_map(|weak| weak.upgrade()).collect();
    for sub in subclasses {
        if let Some(sub) = sub.downcast_ref::<PyType>() {
            replace_in(sub, rustpythons);
        }
    }
}

/// CPython 3.11's `module_getattro`: the attribute, else the module's `__getattr__`,
/// else an `AttributeError` worded from `__name__` and the spec's plain attributes.
fn module_getattro(obj: &PyObject, name: &Py<PyStr>, vm: &VirtualMachine) -> PyResult {
    if let Some(found) = obj.generic_getattr_opt(name, None, vm)? {
        return Ok(found);
    }
    let Some(dict) = obj.dict() else {
        return Err(vm.new_attribute_error(format!("module has no attribute '{name}'")));
    };
    if let Some(getattr) = dict.get_item_opt("__getattr__", vm)? {
        return getattr.call((name.to_owned(),), vm);
    }
    let module_name = dict.get_item_opt("__name__", vm)?;
    let Some(module_name) = module_name.as_ref().and_then(|n| n.downcast_ref::<PyStr>()) else {
        return Err(vm.new_attribute_error(format!("module has no attribute '{name}'")));
    };
    let spec = dict.get_item_opt("__spec__", vm)?.filter(|spec| !vm.is_none(spec));
    let message = if spec.as_ref().is_some_and(|spec| spec_is_initializing(spec, vm)) {
        format!(
            "partially initialized module '{module_name}' has no attribute '{name}' (most likely due to a circular import)"
        )
    } else if spec.as_ref().is_some_and(|spec| submodule_is_initializing(spec, name, vm)) {
        format!("cannot access submodule '{name}' of module '{module_name}' (most likely due to a circular import)")
    } else {
        format!("module '{module_name}' has no attribute '{name}'")
    };
    Err(vm.new_attribute_error(message))
}

/// `spec._initializing` is true (importlib sets it while the module's code runs); any
/// error reading it means no, as in CPython's `_PyModuleSpec_IsInitializing`.
fn spec_is_initializing(spec: &PyObjectRef, vm: &VirtualMachine) -> bool {
    spec.get_attr("_initializing", vm).and_then(|value| value.try_to_bool(vm)).unwrap_or(false)
}

/// `name` is in `spec._uninitialized_submodules` (the submodules importlib is importing
/// under this package), as in CPython's `_PyModuleSpec_IsUninitializedSubmodule`.
fn submodule_is_initializing(spec: &PyObjectRef, name: &Py<PyStr>, vm: &VirtualMachine) -> bool {
    spec.get_attr("_uninitialized_submodules", vm)
        .and_then(|submodules| vm._contains(&submodules, name.as_object()))
        .unwrap_or(false)
}
