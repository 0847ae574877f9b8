//! `float.__round__` as CPython's `float___round___impl`: rustpython's rounds near-ties
//! through a tolerance (`round(0.5000000000000001)` gave 0, CPython 1) and words its
//! overflow differently. Installed once at start-up by replacing the method in `float`'s
//! type dict; native code and the interpreter then share one implementation
//! (`pynum_runtime::round_ndigits`).
//!
//! Assumes the builtin `round()` looks `__round__` up on the type at each call, so the
//! replacement reaches `round(x)`, `round(x, n)` and subclasses of float alike.

use rustpython_vm::{
    builtins::{PyFloat, PyStrInterned},
    function::FuncArgs,
    AsObject, PyObjectRef, PyResult, VirtualMachine,
};

pub fn install(vm: &VirtualMachine) {
    let float_type = vm.ctx.types.float_type;
    let round = vm.new_method("__round__", float_type, float_round);
    let name: &'static PyStrInterned = vm.ctx.intern_str("__round__");
    float_type.set_attr(name, round.into());
}

fn float_round(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
    let mut positional = args.args.into_iter();
    let zelf = positional.next().ok_or_else(|| vm.new_type_error("descriptor '__round__' of 'float' object needs an argument"))?;
    let x = zelf
        .downcast_ref::<PyFloat>()
        .ok_or_else(|| vm.new_type_error("descriptor '__round__' requires a 'float' object"))?
        .to_f64();
    let ndigits: Option<PyObjectRef> = positional.next().or_else(|| args.kwargs.get("ndigits").cloned());
    if positional.next().is_some() || args.kwargs.len() > usize::from(args.kwargs.contains_key("ndigits")) {
        return Err(vm.new_type_error("__round__ expected at most 1 argument"));
    }
    match ndigits.filter(|n| !vm.is_none(n)) {
        // Half to even on the exact value; an infinity or NaN raises as int(x) does.
        None => vm.ctx.types.int_type.as_object().call((vm.ctx.new_float(x.round_ties_even()),), vm),
        Some(ndigits) => {
            // CPython reads ndigits with PyNumber_AsSsize_t(o, NULL): huge values clamp.
            let ndigits = ndigits.try_index(vm)?;
            let ndigits = ndigits.try_to_primitive::<i64>(vm).unwrap_or_else(|_| {
                if ndigits.to_str_radix_10().starts_with('-') { i64::MIN } else { i64::MAX }
            });
            let rounded = pynum_runtime::round_ndigits(x, ndigits);
            if rounded.is_infinite() && x.is_finite() {
                return Err(vm.new_overflow_error("rounded value too large to represent"));
            }
            Ok(vm.ctx.new_float(rounded).into())
        }
    }
}
