//! Which code a dispatcher compiles: automatic mode runs transformed code (loops lifted,
//! names linked), but compiles the code as written ([`ORIGINAL_CODE`]) and first tries a
//! candidate's interleaved variant ([`VARIANT_CODE`]); both maps are filled by
//! `automatic.rs` and read here. Also the calling convention native code takes.
//!
//! Assumes code objects are never mutated, so a map keyed by their identity stays true.

use pynum_jit::ir::Function;
use rustpython_vm::{builtins::PyCode, AsObject, PyObject, PyObjectRef, PyRef, PyResult, VirtualMachine};

/// Whether a code object takes only positional parameters, the calling convention
/// native code implements (keyword-only and variadic parameters stay interpreted).
pub(crate) fn plain_positional(
    code: &rustpython_vm::bytecode::CodeObject<impl rustpython_vm::bytecode::Constant>,
) -> bool {
    use rustpython_vm::bytecode::CodeFlags;
    code.kwonlyarg_count == 0 && !code.flags.intersects(CodeFlags::VARARGS | CodeFlags::VARKEYWORDS)
}

/// Code objects mapped, by identity, to other code objects. Process-wide: an entry holds
/// its key, so no other code object takes the key's address while the entry is there,
/// whichever interpreter of the process made it.
///
/// Keyed by identity, not by a dict of the code objects: rustpython hashes a code
/// object over its bytecode and constants, and compares it by content, so a dict lookup
/// made a `f.__code__` read cost about 8,800 instructions (tests/py/249 writes
/// `__defaults__` 60,000 times, each write reading `__code__` back: 1.1 billion
/// instructions), and a content-equal code object made elsewhere would have found the
/// entry of another.
pub(crate) struct CodeMap(parking_lot::Mutex<CodeMapEntries>);

type CodeMapEntries = std::collections::HashMap<usize, (PyRef<PyCode>, PyRef<PyCode>), rustc_hash::FxBuildHasher>;

impl CodeMap {
    const fn new() -> Self {
        CodeMap(parking_lot::Mutex::new(CodeMapEntries::with_hasher(rustc_hash::FxBuildHasher)))
    }

    /// `map[from] = to`.
    pub(crate) fn insert(&self, from: &PyRef<PyCode>, to: PyRef<PyCode>) {
        let key = from.as_object().get_id();
        let replaced = self.0.lock().insert(key, (from.clone(), to));
        // Dropped with the lock released: freeing code objects frees their constants.
        drop(replaced);
    }

    /// What `code` maps to, if anything.
    pub(crate) fn get(&self, code: &PyObject) -> Option<PyRef<PyCode>> {
        self.0.lock().get(&code.get_id()).map(|(_, to)| to.clone())
    }
}

/// Automatic mode's transformed function code objects mapped to the code as written,
/// which is what compiles (see `automatic::compile_automatic`).
pub(crate) static ORIGINAL_CODE: CodeMap = CodeMap::new();

/// A candidate's code as written mapped to its interleaved variant's (see
/// `automatic::remember_variants`).
pub(crate) static VARIANT_CODE: CodeMap = CodeMap::new();

/// The IR of `func`'s interleaved variant, when automatic mode made one.
pub(super) fn variant_ir(func: &PyObjectRef, vm: &VirtualMachine) -> Option<Function> {
    let code = func.get_attr("__code__", vm).ok()?;
    let code = ORIGINAL_CODE.get(&code).map_or(code, Into::into);
    let variant = VARIANT_CODE.get(&code)?;
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
    let code = ORIGINAL_CODE.get(&code).map_or(code, Into::into);
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
