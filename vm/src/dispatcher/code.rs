//! Which code a dispatcher compiles: automatic mode runs transformed code (loops lifted,
//! names linked), but compiles the code as written (`_pynum._original_code`) and first
//! tries a candidate's interleaved variant (`_pynum._variant_code`); both maps are filled
//! by `automatic.rs` and read here. Also the calling convention native code takes.
//!
//! Assumes the maps live in the `_pynum` module of the interpreter that runs the code.

use pynum_jit::ir::Function;
use rustpython_vm::{
    builtins::{PyCode, PyDict},
    AsObject, PyObjectRef, PyRef, PyResult, VirtualMachine,
};

/// Whether a code object takes only positional parameters, the calling convention
/// native code implements (keyword-only and variadic parameters stay interpreted).
pub(crate) fn plain_positional(
    code: &rustpython_vm::bytecode::CodeObject<impl rustpython_vm::bytecode::Constant>,
) -> bool {
    use rustpython_vm::bytecode::CodeFlags;
    code.kwonlyarg_count == 0 && !code.flags.intersects(CodeFlags::VARARGS | CodeFlags::VARKEYWORDS)
}

/// `_pynum._original_code`: automatic mode's transformed function code objects mapped to
/// the code as written, which is what compiles (see `automatic::compile_automatic`).
pub(crate) fn original_code_map(vm: &VirtualMachine) -> PyResult<PyRef<PyDict>> {
    pynum_dict(vm, "_original_code")
}

/// `_pynum._variant_code`: a candidate's code as written mapped to its interleaved
/// variant's (see `automatic::remember_variants`).
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
pub(super) fn variant_ir(func: &PyObjectRef, vm: &VirtualMachine) -> Option<Function> {
    let code = func.get_attr("__code__", vm).ok()?;
    let code = original_code_map(vm).ok()?.get_item_opt(&*code, vm).ok()?.unwrap_or(code);
    let variant: PyRef<PyCode> = variant_code_map(vm).ok()?.get_item_opt(&*code, vm).ok()??.downcast().ok()?;
    analyzed(&variant).ok()
}

/// How many code objects' IR [`analyzed`] keeps per thread.
const ANALYSES_KEPT: usize = 64;

/// A code object and its IR, or why it has none.
type Analyzed = (PyRef<PyCode>, Result<Function, String>);

thread_local! {
    /// The IR of the code objects analyzed last on this thread, oldest first, each with
    /// the code it came from (kept alive, so its address names no other code).
    /// `ManuallyDrop`: never dropped at thread exit, when the interpreter may be gone.
    static ANALYSES: std::cell::RefCell<std::mem::ManuallyDrop<Vec<Analyzed>>> =
        const { std::cell::RefCell::new(std::mem::ManuallyDrop::new(Vec::new())) };
}

/// The IR of `code` (the front end's analysis), or why there is none. A code object never
/// changes, so its analysis is kept: each compile attempt types a function and its
/// callees again, and re-analyzing them took a third of the main thread's share of a
/// compile (tests/py/262: 1.9 of 5 million instructions); a function turned down for one
/// set of argument types and tried for another analyzed its code each time.
pub(super) fn analyzed(code: &PyRef<PyCode>) -> Result<Function, String> {
    let kept = ANALYSES.with(|analyses| {
        analyses.borrow().iter().find(|(seen, _)| seen.is(code)).map(|(_, analysis)| analysis.clone())
    });
    if let Some(analysis) = kept {
        return analysis;
    }
    let analysis =
        pynum_jit::analyze(&code.code).map_err(|e| e.to_string()).and_then(|a| a.ir.map_err(|e| e.to_string()));
    let evicted = ANALYSES.with(|analyses| {
        let mut analyses = analyses.borrow_mut();
        let evicted = (analyses.len() >= ANALYSES_KEPT).then(|| analyses.remove(0));
        analyses.push((code.clone(), analysis.clone()));
        evicted
    });
    // Dropped outside the borrow: the code's last reference may free objects.
    drop(evicted);
    analysis
}

pub(super) fn function_ir(func: &PyObjectRef, vm: &VirtualMachine) -> PyResult<Function> {
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
    analyzed(&code).map_err(|e| vm.new_runtime_error(e))
}
