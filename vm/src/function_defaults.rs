//! A function whose `__defaults__` outnumber its positional parameters (after
//! `f.__defaults__ = (None, None)` on `def f(x)`, or `f.__code__ = ...` with fewer
//! parameters) made rustpython panic at the call (it subtracts the count of defaults from
//! the count of parameters); CPython uses the last ones. pynum keeps only the defaults
//! CPython would ever use, right after such an assignment.
//!
//! Assumes `__defaults__` and `__code__` of `function` are set only through these two
//! descriptors (the `FunctionType` constructor is not covered). What stays different:
//! `f.__defaults__` then reads back without the unused leading entries.

use rustpython_vm::{
    builtins::{PyCode, PyTuple},
    PyObjectRef, PyResult, VirtualMachine,
};

pub fn install(vm: &VirtualMachine) -> PyResult<()> {
    for name in ["__defaults__", "__code__"] {
        crate::descriptors::replace_getset(
            vm,
            vm.ctx.types.function_type,
            name,
            |original, function, vm| original.read(&function, vm),
            |original, function, value, vm| {
                original.write(&function, value, vm)?;
                drop_unused_defaults(&function, vm)
            },
        )?;
    }
    Ok(())
}

fn drop_unused_defaults(function: &PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
    let defaults = function.get_attr("__defaults__", vm)?;
    let Some(defaults) = defaults.downcast_ref::<PyTuple>() else { return Ok(()) };
    let code = function.get_attr("__code__", vm)?;
    let Some(code) = code.downcast_ref::<PyCode>() else { return Ok(()) };
    let parameters = code.code.arg_count as usize;
    if defaults.len() <= parameters {
        return Ok(());
    }
    let used = defaults.as_slice()[defaults.len() - parameters..].to_vec();
    // Through the descriptor above again, which then finds nothing more to drop.
    function.set_attr("__defaults__", vm.ctx.new_tuple(used), vm)
}
