//! CPython 3.11's answers where rustpython's arithmetic differs: float and complex powers,
//! the messages of `ZeroDivisionError`,
//! complex arithmetic with reals, the sign of a zero int quotient, `math.log` with a base,
//! `float.__round__`, the Python-level `encode` that print() ran where CPython's
//! stdout runs none, an `os._exit` that runs no exit handlers, and an `os.fork` without
//! CPython 3.12's warning about threads.
//! Installed at start-up, before any program code, by replacing number slots (and the
//! `__pow__`-style wrappers made from them) of the builtin types, `log` in the `math`
//! module definition, and one codec method.
//!
//! Assumes rustpython-vm 0.6 dispatches `a ** b`, `pow()`, `a / b` through the types'
//! `as_number` slots (plain atomics that may be stored at run time), that `float.__pow__`
//! and friends are wrapper descriptors made from the slots by `class::add_operators`,
//! that subclasses copy their base's slots when they are created (so subclasses made
//! before start-up ends are updated here), and that `math.log(x)` with one argument is
//! right (the base is what rustpython gets wrong).

use rustpython_vm::{
    builtins::{
        PyBaseExceptionRef, PyComplex, PyFloat, PyInt, PyModuleDef, PyModuleSlots, PyStr, PyStrInterned, PyTuple,
        PyType, PyTypeRef,
    },
    function::{Callee, Either, FuncArgs, PyComparisonValue, PyMethodDef, PyNativeFn},
    protocol::{PyNumberBinaryFunc, PyNumberTernaryFunc},
    types::PyComparisonOp,
    AsObject, Py, PyObject, PyObjectRef, PyRef, PyResult, VirtualMachine,
};
use std::sync::OnceLock;

/// rustpython's own slots, for the cases pynum leaves to them.
static INT_POWER: OnceLock<PyNumberTernaryFunc> = OnceLock::new();
static INT_TRUE_DIVIDE: OnceLock<PyNumberBinaryFunc> = OnceLock::new();
/// `_codecs.utf_8_encode`, for the native `IncrementalEncoder.encode`.
static UTF8_ENCODE: OnceLock<PyResult<PyObjectRef>> = OnceLock::new();
static MATH_LOG: OnceLock<&'static PyMethodDef> = OnceLock::new();
static MATH_GAMMA: OnceLock<&'static PyMethodDef> = OnceLock::new();
static MATH_LGAMMA: OnceLock<&'static PyMethodDef> = OnceLock::new();
static MATH_HYPOT: OnceLock<&'static PyMethodDef> = OnceLock::new();
static MATH_DIST: OnceLock<&'static PyMethodDef> = OnceLock::new();
static MATH_TRUNC: OnceLock<&'static PyMethodDef> = OnceLock::new();
type SubscriptSlot = fn(rustpython_vm::protocol::PyMapping<'_>, &PyObject, &VirtualMachine) -> PyResult;
type AssignSubscriptSlot =
    fn(rustpython_vm::protocol::PyMapping<'_>, &PyObject, Option<PyObjectRef>, &VirtualMachine) -> PyResult<()>;
static BYTEARRAY_SUBSCRIPT: OnceLock<SubscriptSlot> = OnceLock::new();
static BYTEARRAY_ASSIGN_SUBSCRIPT: OnceLock<AssignSubscriptSlot> = OnceLock::new();

/// glibc's `strerror(ERANGE)`: CPython raises a float power's overflow from `errno`.
const ERANGE: i32 = 34;
const ERANGE_MESSAGE: &str = "Numerical result out of range";

/// Stores `new` in `ty`'s `left`/`right` number slots (and in subclasses that still had
/// the old function); `remake_wrappers` then makes `__pow__`, `__rpow__`... from them.
macro_rules! replace_number_slots {
    ($ty:expr, $left:ident, $right:ident, $new:expr) => {{
        let ty: &'static Py<PyType> = $ty;
        let old = ty.slots.as_number.$left.load().map(|f| f as usize);
        for_type_and_subclasses(ty, &mut |t| {
            let slots = &t.slots.as_number;
            if slots.$left.load().map(|f| f as usize) == old {
                slots.$left.store(Some($new));
            }
            if slots.$right.load().map(|f| f as usize) == old {
                slots.$right.store(Some($new));
            }
        });
    }};
}

pub fn install(vm: &VirtualMachine) -> PyResult<()> {
    let types = &vm.ctx.types;
    replace_number_slots!(types.float_type, power, right_power, float_power);
    remake_wrappers(vm, types.float_type, &["__pow__", "__rpow__"]);
    INT_POWER.get_or_init(|| types.int_type.slots.as_number.power.load().expect("int has a power slot"));
    replace_number_slots!(types.int_type, power, right_power, int_power);
    INT_TRUE_DIVIDE
        .get_or_init(|| types.int_type.slots.as_number.true_divide.load().expect("int has a true_divide slot"));
    replace_number_slots!(types.int_type, true_divide, right_true_divide, int_true_divide);
    remake_wrappers(vm, types.int_type, &["__pow__", "__rpow__", "__truediv__", "__rtruediv__"]);
    replace_number_slots!(types.complex_type, power, right_power, complex_power);
    replace_number_slots!(types.complex_type, true_divide, right_true_divide, complex_true_divide);
    replace_number_slots!(types.complex_type, add, right_add, complex_add);
    replace_number_slots!(types.complex_type, subtract, right_subtract, complex_subtract);
    replace_number_slots!(types.complex_type, multiply, right_multiply, complex_multiply);
    let complex_wrappers = [
        "__pow__",
        "__rpow__",
        "__truediv__",
        "__rtruediv__",
        "__add__",
        "__radd__",
        "__sub__",
        "__rsub__",
        "__mul__",
        "__rmul__",
    ];
    remake_wrappers(vm, types.complex_type, &complex_wrappers);
    reword_zero_divisions(vm);
    replace_float_round(vm);
    reword_bytearray_index_errors(vm);
    compare_tuples_as_cpython(vm);
    exit_without_clean_up(vm)?;
    fork_without_thread_warning(vm)?;
    native_utf8_encoder(vm)
}

/// The number slots whose `ZeroDivisionError` [`reword_zero_divisions`] rewords: for each,
/// the type, its left and right slots, CPython 3.11's message, and the replacement
/// (which calls rustpython's own slot, kept in a static of its own, and rewords).
macro_rules! zero_dividing_slots {
    ($(($ty:ident, $left:ident, $right:ident, $message:literal, $real:ident, $ours:ident)),* $(,)?) => {
        $(
            static $real: OnceLock<PyNumberBinaryFunc> = OnceLock::new();
            fn $ours(a: &PyObject, b: &PyObject, vm: &VirtualMachine) -> PyResult {
                let real = $real.get().expect("set before the slot was replaced");
                match real(a, b, vm) {
                    Err(exc) if exc.class().is(vm.ctx.exceptions.zero_division_error) => {
                        Err(vm.new_zero_division_error($message.to_owned()))
                    }
                    other => other,
                }
            }
        )*

        /// A zero divisor raises `ZeroDivisionError` with CPython 3.11's message for the
        /// type and the operation where rustpython says `division by zero` for all of
        /// them (3.14's wording). The slots are wrapped; only the error is reworded.
        fn reword_zero_divisions(vm: &VirtualMachine) {
            let types = &vm.ctx.types;
            $(
                $real.get_or_init(|| types.$ty.slots.as_number.$left.load().expect("int and float have the slot"));
                replace_number_slots!(types.$ty, $left, $right, $ours);
            )*
            let names = ["__floordiv__", "__rfloordiv__", "__mod__", "__rmod__", "__divmod__", "__rdivmod__"];
            remake_wrappers(vm, types.int_type, &names);
            let float_names = [&names[..], &["__truediv__", "__rtruediv__"]].concat();
            remake_wrappers(vm, types.float_type, &float_names);
        }
    };
}

zero_dividing_slots!(
    (
        int_type,
        floor_divide,
        right_floor_divide,
        "integer division or modulo by zero",
        INT_FLOOR_DIVIDE,
        int_floor_divide
    ),
    (int_type, remainder, right_remainder, "integer modulo by zero", INT_REMAINDER, int_remainder),
    (int_type, divmod, right_divmod, "integer division or modulo by zero", INT_DIVMOD, int_divmod),
    (
        float_type,
        floor_divide,
        right_floor_divide,
        "float floor division by zero",
        FLOAT_FLOOR_DIVIDE,
        float_floor_divide
    ),
    (float_type, remainder, right_remainder, "float modulo", FLOAT_REMAINDER, float_remainder),
    (float_type, divmod, right_divmod, "float divmod()", FLOAT_DIVMOD, float_divmod),
    (float_type, true_divide, right_true_divide, "float division by zero", FLOAT_TRUE_DIVIDE, float_true_divide),
);

/// The warning rustpython's `os.fork`/`os.forkpty` give when the process has more than
/// one OS thread (CPython 3.12's, which 3.11 never gives).
const THREAD_WARNING_PATTERN: &str =
    r"This process \(pid=\d+\) is multi-threaded, use of fork(pty)?\(\) may lead to deadlocks in the child\.";

/// `os.fork()` and `os.forkpty()` without CPython 3.12's warning about forking a
/// multi-threaded process: pynum-run always has a second OS thread (the interpreter runs
/// on one with a deep stack), so rustpython warned at every fork in `__main__`. The real
/// function runs under a filter that ignores exactly that message, removed again in the
/// parent and in the child.
fn fork_without_thread_warning(vm: &VirtualMachine) -> PyResult<()> {
    let posix = vm.import("posix", 0)?;
    for name in ["fork", "forkpty"] {
        let Ok(real) = posix.get_attr(name, vm) else { continue };
        let quiet = if name == "fork" {
            vm.new_function("fork", move |vm: &VirtualMachine| quietly(&real, vm))
        } else {
            vm.new_function("forkpty", move |vm: &VirtualMachine| quietly(&real, vm))
        };
        quiet.as_object().set_attr("__module__", vm.ctx.new_str("posix"), vm)?;
        posix.set_attr(name, quiet.clone(), vm)?;
        if let Ok(os) = vm.sys_module.get_attr("modules", vm)?.get_item("os", vm) {
            os.set_attr(name, quiet, vm)?;
        }
    }
    Ok(())
}

/// Calls `real` (a fork) with an `ignore` filter for the thread warning first among the
/// filters rustpython reads: `warnings.filters` once `warnings` is imported, else
/// `_warnings.filters`.
fn quietly(real: &PyObjectRef, vm: &VirtualMachine) -> PyResult {
    let filters = match vm.sys_module.get_attr("modules", vm)?.get_item("warnings", vm) {
        Ok(warnings) => warnings.get_attr("filters", vm),
        Err(_) => vm.import("_warnings", 0)?.get_attr("filters", vm),
    };
    let Some(filters) = filters.ok().and_then(|f| f.downcast::<rustpython_vm::builtins::PyList>().ok()) else {
        return real.call((), vm);
    };
    let pattern = vm.import("re", 0)?.get_attr("compile", vm)?.call((THREAD_WARNING_PATTERN,), vm)?;
    let category: PyObjectRef = vm.ctx.exceptions.deprecation_warning.to_owned().into();
    let filter: PyObjectRef =
        vm.new_tuple((vm.ctx.new_str("ignore"), pattern, category, vm.ctx.none(), vm.ctx.new_int(0))).into();
    filters.borrow_vec_mut().insert(0, filter.clone());
    let forked = real.call((), vm);
    // At-fork hooks may have changed the list: the filter is found by identity.
    let mut list = filters.borrow_vec_mut();
    if let Some(at) = list.iter().position(|item| item.is(&filter)) {
        list.remove(at);
    }
    forked
}

/// `os._exit(status)` ends the process at once, as CPython's does with `_exit(2)`.
/// rustpython's called `std::process::exit`, which runs the C library's exit handlers
/// and the static destructors of the libraries loaded (libLLVM's among them). Every
/// `multiprocessing` worker leaves through `os._exit`, and a worker forked before its
/// parent first asked for tier 2 starts a compile thread of its own: when that thread was
/// still loading LLVM, `exit` waited in `_dl_fini` for the loader's lock that the load
/// held, for ever (`tests/py/142` at threshold 2 hung in 2 of about 600 runs), or ran
/// LLVM's destructors under its running initializers (glibc's "free(): invalid next
/// size", once in a full test run).
fn exit_without_clean_up(vm: &VirtualMachine) -> PyResult<()> {
    let exit = vm.new_function("_exit", |status: i32| -> PyResult<()> {
        // SAFETY: `_exit` ends the process; nothing of this one runs after it.
        unsafe { libc::_exit(status) }
    });
    exit.as_object().set_attr("__module__", vm.ctx.new_str("posix"), vm)?;
    vm.import("posix", 0)?.set_attr("_exit", exit.clone(), vm)?;
    // `os` copies `_exit` from `posix` when it is imported, normally after this.
    if let Ok(os) = vm.sys_module.get_attr("modules", vm)?.get_item("os", vm) {
        os.set_attr("_exit", exit, vm)?;
    }
    Ok(())
}

/// `b[i]`, `b[i] = x` and `del b[i]` out of range say "bytearray index out of range" in
/// CPython; rustpython says "index out of range" or "assignment index out of range".
/// bytearray's subscript slots are wrapped to reword that one error (native code that
/// meets the index deoptimizes, and the interpreter raises through these slots).
fn reword_bytearray_index_errors(vm: &VirtualMachine) {
    let slots = &vm.ctx.types.bytearray_type.slots.as_mapping;
    let (Some(subscript), Some(assign)) = (slots.subscript.load(), slots.ass_subscript.load()) else { return };
    BYTEARRAY_SUBSCRIPT.get_or_init(|| subscript);
    BYTEARRAY_ASSIGN_SUBSCRIPT.get_or_init(|| assign);
    slots.subscript.store(Some(bytearray_subscript));
    slots.ass_subscript.store(Some(bytearray_assign_subscript));
}

fn bytearray_index_error(error: PyBaseExceptionRef, vm: &VirtualMachine) -> PyBaseExceptionRef {
    let message = error.args().as_slice().first().and_then(|m| m.downcast_ref::<PyStr>().map(|s| s.to_string()));
    let rustpythons = matches!(message.as_deref(), Some("index out of range" | "assignment index out of range"));
    if rustpythons && error.fast_isinstance(vm.ctx.exceptions.index_error) {
        vm.new_index_error("bytearray index out of range".to_owned())
    } else {
        error
    }
}

fn bytearray_subscript(
    mapping: rustpython_vm::protocol::PyMapping<'_>,
    needle: &PyObject,
    vm: &VirtualMachine,
) -> PyResult {
    let real = BYTEARRAY_SUBSCRIPT.get().expect("set before the slot was replaced");
    real(mapping, needle, vm).map_err(|e| bytearray_index_error(e, vm))
}

fn bytearray_assign_subscript(
    mapping: rustpython_vm::protocol::PyMapping<'_>,
    needle: &PyObject,
    value: Option<PyObjectRef>,
    vm: &VirtualMachine,
) -> PyResult<()> {
    let real = BYTEARRAY_ASSIGN_SUBSCRIPT.get().expect("set before the slot was replaced");
    real(mapping, needle, value, vm).map_err(|e| bytearray_index_error(e, vm))
}

/// Tuple comparison as CPython's `tuplerichcompare`: past the equal items (an item is
/// equal to itself), `<`, `<=`, `>` and `>=` compare the first unequal pair with the same
/// operator and answer what that comparison returns, whatever object it is. rustpython
/// compared them with `<` for `<=` and `>` for `>=` and answered a bool: `(0.0, 0) >=
/// (1j, 0)` said "'>' not supported", and a class whose `__ge__` and `__gt__` answer
/// differently compared otherwise inside tuples (found by the differential fuzzer).
/// Subclasses that kept the tuple slot (named tuples) get it too; struct sequences keep
/// their own.
fn compare_tuples_as_cpython(vm: &VirtualMachine) {
    let ty = vm.ctx.types.tuple_type;
    let old = ty.slots.richcompare.load().map(|f| f as usize);
    for_type_and_subclasses(ty, &mut |t| {
        if t.slots.richcompare.load().map(|f| f as usize) == old {
            t.slots.richcompare.store(Some(tuple_richcompare));
        }
    });
    remake_wrappers(vm, ty, &["__lt__", "__le__", "__gt__", "__ge__", "__eq__", "__ne__"]);
}

fn tuple_richcompare(
    zelf: &PyObject,
    other: &PyObject,
    op: PyComparisonOp,
    vm: &VirtualMachine,
) -> PyResult<Either<PyObjectRef, PyComparisonValue>> {
    let (Some(left), Some(right)) = (zelf.downcast_ref::<PyTuple>(), other.downcast_ref::<PyTuple>()) else {
        return Ok(Either::B(PyComparisonValue::NotImplemented));
    };
    let (left, right) = (left.as_slice(), right.as_slice());
    let is_equality = op == PyComparisonOp::Eq || op == PyComparisonOp::Ne;
    if is_equality && left.len() != right.len() {
        return Ok(Either::B(PyComparisonValue::Implemented(op == PyComparisonOp::Ne)));
    }
    for (a, b) in left.iter().zip(right) {
        if vm.identical_or_equal(a, b)? {
            continue;
        }
        if is_equality {
            return Ok(Either::B(PyComparisonValue::Implemented(op == PyComparisonOp::Ne)));
        }
        return Ok(Either::A(a.clone().rich_compare(b.clone(), op, vm)?));
    }
    Ok(Either::B(PyComparisonValue::Implemented(op.eval_ord(left.len().cmp(&right.len())))))
}

fn for_type_and_subclasses(ty: &Py<PyType>, visit: &mut dyn FnMut(&Py<PyType>)) {
    visit(ty);
    let subclasses: Vec<PyObjectRef> = ty.subclasses.read().iter().filter_map(|weak| weak.upgrade()).collect();
    for sub in subclasses {
        if let Some(sub) = sub.downcast_ref::<PyType>() {
            for_type_and_subclasses(sub, visit);
        }
    }
}

/// The wrapper descriptors hold the slot function they were made from; dropping them and
/// running rustpython's `add_operators` again makes them from the new slots. Only `names`
/// are remade: `add_operators` also adds wrappers for slots the type inherits (`int` got a
/// `__str__` of its own, so `int.__str__ is object.__str__` turned false and `IntEnum`
/// members printed as `<Priority.LOW: 1>`), and those it adds anew are taken out again.
fn remake_wrappers(vm: &VirtualMachine, ty: &'static Py<PyType>, names: &[&str]) {
    ty.modified();
    let remade: Vec<&'static PyStrInterned> = names.iter().map(|name| vm.ctx.intern_str(*name)).collect();
    for name in &remade {
        ty.attributes.remove(name);
    }
    let before = ty.attributes.interned_names(&vm.ctx);
    rustpython_vm::class::add_operators(ty, &vm.ctx, &[]);
    for name in ty.attributes.interned_names(&vm.ctx) {
        if !before.contains(&name) && !remade.contains(&name) {
            ty.attributes.remove(name);
        }
    }
    ty.modified();
}

/// An operand as CPython's float arithmetic sees it: a float, or an int converted
/// (`OverflowError` when it is too large); `None` for anything else.
fn as_float_operand(obj: &PyObject, vm: &VirtualMachine) -> PyResult<Option<f64>> {
    if let Some(float) = obj.downcast_ref::<PyFloat>() {
        return Ok(Some(float.to_f64()));
    }
    match obj.downcast_ref::<PyInt>() {
        Some(int) => rustpython_vm::builtins::try_bigint_to_f64(int.as_bigint(), vm).map(Some),
        None => Ok(None),
    }
}

fn float_power(a: &PyObject, b: &PyObject, modulus: &PyObject, vm: &VirtualMachine) -> PyResult {
    let (Some(base), Some(exponent)) = (as_float_operand(a, vm)?, as_float_operand(b, vm)?) else {
        return Ok(vm.ctx.not_implemented());
    };
    if !vm.is_none(modulus) {
        return Err(vm.new_type_error("pow() 3rd argument not allowed unless all arguments are integers"));
    }
    float_pow(base, exponent, vm)
}

/// An int to a negative int power is a float power (CPython's `long_pow` hands it to
/// float's); everything else is rustpython's.
fn int_power(a: &PyObject, b: &PyObject, modulus: &PyObject, vm: &VirtualMachine) -> PyResult {
    if vm.is_none(modulus) {
        if let (Some(base), Some(exponent)) = (a.downcast_ref::<PyInt>(), b.downcast_ref::<PyInt>()) {
            if is_negative(exponent, vm) {
                let base = rustpython_vm::builtins::try_bigint_to_f64(base.as_bigint(), vm)?;
                let exponent = rustpython_vm::builtins::try_bigint_to_f64(exponent.as_bigint(), vm)?;
                return float_pow(base, exponent, vm);
            }
        }
    }
    INT_POWER.get().expect("set before the slot was replaced")(a, b, modulus, vm)
}

fn is_negative(int: &PyInt, vm: &VirtualMachine) -> bool {
    int.as_bigint() < vm.ctx.new_int(0).as_bigint()
}

/// CPython's int quotient: ints a float holds exactly are divided as floats (so a zero
/// quotient is negative when exactly one operand is: `0 / -1` is `-0.0`); larger ones
/// are rustpython's correctly rounded quotient, given that sign.
fn int_true_divide(a: &PyObject, b: &PyObject, vm: &VirtualMachine) -> PyResult {
    const EXACT_IN_FLOAT: u64 = 1 << 53;
    if let (Some(x), Some(y)) = (a.downcast_ref::<PyInt>(), b.downcast_ref::<PyInt>()) {
        if let (Ok(x), Ok(y)) = (i64::try_from(x.as_bigint()), i64::try_from(y.as_bigint())) {
            if y != 0 && x.unsigned_abs() <= EXACT_IN_FLOAT && y.unsigned_abs() <= EXACT_IN_FLOAT {
                return Ok(vm.ctx.new_float(x as f64 / y as f64).into());
            }
        }
    }
    let quotient = INT_TRUE_DIVIDE.get().expect("set before the slot was replaced")(a, b, vm)?;
    let positive_zero =
        quotient.downcast_ref::<PyFloat>().is_some_and(|q| q.to_f64() == 0.0 && q.to_f64().is_sign_positive());
    if positive_zero {
        if let (Some(a), Some(b)) = (a.downcast_ref::<PyInt>(), b.downcast_ref::<PyInt>()) {
            if is_negative(a, vm) != is_negative(b, vm) {
                return Ok(vm.ctx.new_float(-0.0).into());
            }
        }
    }
    Ok(quotient)
}

fn odd_integer(x: f64) -> bool {
    (x % 2.0).abs() == 1.0
}

/// CPython's float `**`: C99's `pow` special values (Annex F), a zero base to a negative
/// power is `ZeroDivisionError`, a negative base to a non-integer power is the complex
/// power, and an overflow is `OverflowError(ERANGE, strerror(ERANGE))`.
fn float_pow(base: f64, exponent: f64, vm: &VirtualMachine) -> PyResult {
    let float = |x: f64| Ok(vm.ctx.new_float(x).into());
    if exponent == 0.0 {
        return float(1.0);
    }
    if base.is_nan() {
        return float(base);
    }
    if exponent.is_nan() {
        return float(if base == 1.0 { 1.0 } else { exponent });
    }
    if exponent.is_infinite() {
        let magnitude = base.abs();
        return float(if magnitude == 1.0 {
            1.0
        } else if (exponent > 0.0) == (magnitude > 1.0) {
            f64::INFINITY
        } else {
            0.0
        });
    }
    if base > 0.0 && base.is_finite() && base != 1.0 {
        // The common case, where the exponent's parity does not matter.
        return finite_power(base, exponent, false, vm);
    }
    let odd = odd_integer(exponent);
    if base.is_infinite() {
        return float(match (exponent > 0.0, odd) {
            (true, true) => base,
            (true, false) => base.abs(),
            (false, true) => 0.0f64.copysign(base),
            (false, false) => 0.0,
        });
    }
    if base == 0.0 {
        if exponent < 0.0 {
            return Err(vm.new_zero_division_error("0.0 cannot be raised to a negative power"));
        }
        return float(if odd { base } else { 0.0 });
    }
    let negate = base < 0.0 && odd;
    if base < 0.0 && exponent.floor() != exponent {
        return complex_pow((base, 0.0), (exponent, 0.0), vm);
    }
    finite_power(base.abs(), exponent, negate, vm)
}

/// `magnitude ** exponent` for a finite positive magnitude, negated if asked.
fn finite_power(magnitude: f64, exponent: f64, negate: bool, vm: &VirtualMachine) -> PyResult {
    let float = |x: f64| Ok(vm.ctx.new_float(x).into());
    if magnitude == 1.0 {
        return float(if negate { -1.0 } else { 1.0 });
    }
    let result = magnitude.powf(exponent);
    if result.is_infinite() {
        return Err(vm.new_exception(
            vm.ctx.exceptions.overflow_error.to_owned(),
            vec![vm.ctx.new_int(ERANGE).into(), vm.ctx.new_str(ERANGE_MESSAGE).into()],
        ));
    }
    float(if negate { -result } else { result })
}

type Complex = (f64, f64);

fn as_complex_operand(obj: &PyObject, vm: &VirtualMachine) -> PyResult<Option<Complex>> {
    if let Some(complex) = obj.downcast_ref::<PyComplex>() {
        let value = complex.as_complex();
        return Ok(Some((value.re, value.im)));
    }
    Ok(as_float_operand(obj, vm)?.map(|x| (x, 0.0)))
}

fn complex_power(a: &PyObject, b: &PyObject, modulus: &PyObject, vm: &VirtualMachine) -> PyResult {
    let (Some(base), Some(exponent)) = (as_complex_operand(a, vm)?, as_complex_operand(b, vm)?) else {
        return Ok(vm.ctx.not_implemented());
    };
    if !vm.is_none(modulus) {
        return Err(vm.new_value_error("complex modulo"));
    }
    complex_pow(base, exponent, vm)
}

/// `complex op real` as CPython 3.11 computes it: the real made a complex with a zero
/// imaginary part, then complex arithmetic (3.14, which rustpython follows, leaves the
/// other part alone, so the signs of zeros differed: `complex(-0.0, -1) * 2`).
fn complex_binary(a: &PyObject, b: &PyObject, vm: &VirtualMachine, op: fn(Complex, Complex) -> Complex) -> PyResult {
    let (Some(a), Some(b)) = (as_complex_operand(a, vm)?, as_complex_operand(b, vm)?) else {
        return Ok(vm.ctx.not_implemented());
    };
    let (re, im) = op(a, b);
    new_complex(re, im, vm)
}

fn complex_add(a: &PyObject, b: &PyObject, vm: &VirtualMachine) -> PyResult {
    complex_binary(a, b, vm, |a, b| (a.0 + b.0, a.1 + b.1))
}

fn complex_subtract(a: &PyObject, b: &PyObject, vm: &VirtualMachine) -> PyResult {
    complex_binary(a, b, vm, |a, b| (a.0 - b.0, a.1 - b.1))
}

fn complex_multiply(a: &PyObject, b: &PyObject, vm: &VirtualMachine) -> PyResult {
    complex_binary(a, b, vm, complex_product)
}

/// `complex(re, im)` of two floats keeps both parts as they are (signed zeros too).
fn new_complex(re: f64, im: f64, vm: &VirtualMachine) -> PyResult {
    vm.ctx.types.complex_type.as_object().call((re, im), vm)
}

/// CPython 3.11 divides a complex by a real (or a real by a complex) as two complex
/// numbers; rustpython follows 3.14, which divides the parts by the real, so the signs of
/// zeros and NaN parts differed (`0.0 / 1j`, `complex(inf, 0) / 2`).
fn complex_true_divide(a: &PyObject, b: &PyObject, vm: &VirtualMachine) -> PyResult {
    let (Some(dividend), Some(divisor)) = (as_complex_operand(a, vm)?, as_complex_operand(b, vm)?) else {
        return Ok(vm.ctx.not_implemented());
    };
    let mut error = MathError::None;
    let (re, im) = complex_quotient(dividend, divisor, &mut error);
    if error != MathError::None {
        return Err(vm.new_zero_division_error("complex division by zero"));
    }
    new_complex(re, im, vm)
}

/// What C's `errno` would say after CPython's complex power.
#[derive(PartialEq, Clone, Copy)]
enum MathError {
    None,
    Domain,
    Range,
}

/// CPython's complex `**`: an integral real exponent up to 100 in size by repeated
/// squaring (and one division for negative ones), anything else through the polar
/// form; the errors C's math library would signal decide the exception.
fn complex_pow(base: Complex, exponent: Complex, vm: &VirtualMachine) -> PyResult {
    let mut error = MathError::None;
    let (re, im) = if exponent.1 == 0.0 && exponent.0 == exponent.0.floor() && exponent.0.abs() <= 100.0 {
        let n = exponent.0 as i64;
        if n > 0 {
            power_by_squaring(base, n as u64)
        } else {
            complex_quotient((1.0, 0.0), power_by_squaring(base, n.unsigned_abs()), &mut error)
        }
    } else {
        polar_power(base, exponent, &mut error)
    };
    // C's `_Py_ADJUST_ERANGE2`: an infinite part is an overflow; an underflow that left
    // both parts zero is not an error.
    if error == MathError::None && (re.is_infinite() || im.is_infinite()) {
        error = MathError::Range;
    } else if error == MathError::Range && re == 0.0 && im == 0.0 {
        error = MathError::None;
    }
    match error {
        MathError::Domain => Err(vm.new_zero_division_error("0.0 to a negative or complex power")),
        MathError::Range => Err(vm.new_overflow_error("complex exponentiation")),
        MathError::None => new_complex(re, im, vm),
    }
}

fn complex_product(a: Complex, b: Complex) -> Complex {
    (a.0 * b.0 - a.1 * b.1, a.0 * b.1 + a.1 * b.0)
}

fn power_by_squaring(x: Complex, n: u64) -> Complex {
    let mut result = (1.0, 0.0);
    let mut square = x;
    let mut bit = 1u64;
    while bit > 0 && n >= bit {
        if n & bit != 0 {
            result = complex_product(result, square);
        }
        bit <<= 1;
        square = complex_product(square, square);
    }
    result
}

/// Smith's algorithm, as CPython divides complex numbers (a zero divisor is a domain
/// error and a zero result).
fn complex_quotient(a: Complex, b: Complex, error: &mut MathError) -> Complex {
    let (abs_re, abs_im) = (b.0.abs(), b.1.abs());
    if abs_re >= abs_im {
        if abs_re == 0.0 {
            *error = MathError::Domain;
            return (0.0, 0.0);
        }
        let ratio = b.1 / b.0;
        let denominator = b.0 + b.1 * ratio;
        ((a.0 + a.1 * ratio) / denominator, (a.1 - a.0 * ratio) / denominator)
    } else if abs_im >= abs_re {
        let ratio = b.0 / b.1;
        let denominator = b.0 * ratio + b.1;
        ((a.0 * ratio + a.1) / denominator, (a.1 * ratio - a.0) / denominator)
    } else {
        (f64::NAN, f64::NAN) // a NaN part compares with nothing
    }
}

/// `|a|**b` and `arg(a)*b` (with the imaginary exponent's share), recording the errors
/// glibc would set in `errno`: an overflow or underflow of `pow`/`exp`/`hypot` is a range
/// error, the cosine of an infinite phase a domain error.
fn polar_power(a: Complex, b: Complex, error: &mut MathError) -> Complex {
    if b.0 == 0.0 && b.1 == 0.0 {
        return (1.0, 0.0);
    }
    if a.0 == 0.0 && a.1 == 0.0 {
        if b.1 != 0.0 || b.0 < 0.0 {
            *error = MathError::Domain;
        }
        return (0.0, 0.0);
    }
    let mut range_check = |result: f64, finite_inputs: bool| {
        if finite_inputs && (result.is_infinite() || result == 0.0) {
            *error = MathError::Range;
        }
        result
    };
    let magnitude = range_check(a.0.hypot(a.1), a.0.is_finite() && a.1.is_finite());
    let mut length =
        range_check(magnitude.powf(b.0), magnitude.is_finite() && b.0.is_finite() && magnitude != 1.0 && b.0 != 0.0);
    let angle = a.1.atan2(a.0);
    let mut phase = angle * b.0;
    if b.1 != 0.0 {
        let product = angle * b.1;
        length /= range_check(product.exp(), product.is_finite() && product != 0.0);
        phase += b.1 * magnitude.ln();
    }
    if phase.is_infinite() {
        *error = MathError::Domain;
    }
    (length * phase.cos(), length * phase.sin())
}

/// `math.log(x, base)` is `log(x) / log(base)` in CPython, each computed as `log(x)` is
/// (so an int base beyond float range works), and a base of 1 divides by zero.
/// `math.gamma` and `math.lgamma` compute CPython's values (`pynum_runtime::gamma`:
/// rustpython's fuse multiply-adds, which moves the last bit of a third of them);
/// `hypot` and `dist` CPython's too, and `trunc` CPython's message. The `math`
/// definition among `defs` is swapped for one with pynum's functions, so `math` is still
/// made only when imported.
pub fn replace_math_functions(defs: &mut [&'static PyModuleDef]) {
    let Some(math) = defs.iter_mut().find(|def| def.name.as_str() == "math") else { return };
    let methods: Vec<PyMethodDef> = math
        .methods
        .iter()
        .map(|m| {
            // Each replacement is a zero-sized function item (`static_raw_func`'s rule).
            let (real, ours) = match m.name {
                "log" => (&MATH_LOG, rustpython_vm::function::static_raw_func(math_log)),
                "gamma" => (&MATH_GAMMA, rustpython_vm::function::static_raw_func(math_gamma)),
                "lgamma" => (&MATH_LGAMMA, rustpython_vm::function::static_raw_func(math_lgamma)),
                "hypot" => (&MATH_HYPOT, rustpython_vm::function::static_raw_func(math_hypot)),
                "dist" => (&MATH_DIST, rustpython_vm::function::static_raw_func(math_dist)),
                "trunc" => (&MATH_TRUNC, rustpython_vm::function::static_raw_func(math_trunc)),
                name => match domain_worded(name) {
                    Some(replacement) => replacement,
                    None => return m.clone(),
                },
            };
            real.get_or_init(|| m);
            PyMethodDef { func: ours, ..m.clone() }
        })
        .collect();
    *math = Box::leak(Box::new(PyModuleDef {
        name: math.name,
        doc: math.doc,
        methods: Box::leak(methods.into_boxed_slice()),
        slots: PyModuleSlots { create: math.slots.create, exec: math.slots.exec },
    }));
}

/// CPython 3.11's words for a `math` function's `ValueError`: "math domain error" where
/// rustpython names the input ("expected a positive input, got 0.0", "expected a number
/// in range from -1 up to 1, got 2.0", "expected a finite input, got inf"), and
/// `fsum`'s "-inf + inf in fsum" where rustpython says "math domain error".
fn domain_error_reworded(result: PyResult, function: &str, vm: &VirtualMachine) -> PyResult {
    let error = match result {
        Err(error) if error.fast_isinstance(vm.ctx.exceptions.value_error) => error,
        result => return result,
    };
    let text = error.as_object().str(vm).map(|text| text.as_wtf8().to_string()).unwrap_or_default();
    match (function, text.as_str()) {
        ("fsum", "math domain error") => Err(vm.new_value_error("-inf + inf in fsum".to_owned())),
        (_, text) if text.starts_with("expected a ") => Err(vm.new_value_error("math domain error".to_owned())),
        _ => Err(error),
    }
}

/// The `math` functions whose domain errors [`domain_error_reworded`] rewords (`log`
/// and `gamma`, replaced for their values too, reword their own): each a static holding
/// rustpython's definition and a function item calling it.
macro_rules! domain_worded_functions {
    ($(($name:literal, $real:ident, $ours:ident)),* $(,)?) => {
        $(
            static $real: OnceLock<&'static PyMethodDef> = OnceLock::new();
            fn $ours(vm: &VirtualMachine, args: FuncArgs, callee: Callee) -> PyResult {
                let real: &dyn PyNativeFn = $real.get().expect("set before it was replaced").func;
                domain_error_reworded(real(vm, args, callee), $name, vm)
            }
        )*
        /// The static and the replacement of the `math` function `name`, when its
        /// domain errors are reworded.
        fn domain_worded(
            name: &str,
        ) -> Option<(&'static OnceLock<&'static PyMethodDef>, &'static dyn PyNativeFn)> {
            match name {
                $($name => Some((&$real, rustpython_vm::function::static_raw_func($ours))),)*
                _ => None,
            }
        }
    };
}

domain_worded_functions!(
    ("sqrt", MATH_SQRT, math_sqrt),
    ("log10", MATH_LOG10, math_log10),
    ("log2", MATH_LOG2, math_log2),
    ("log1p", MATH_LOG1P, math_log1p),
    ("acos", MATH_ACOS, math_acos),
    ("asin", MATH_ASIN, math_asin),
    ("acosh", MATH_ACOSH, math_acosh),
    ("atanh", MATH_ATANH, math_atanh),
    ("sin", MATH_SIN, math_sin),
    ("cos", MATH_COS, math_cos),
    ("tan", MATH_TAN, math_tan),
    ("fmod", MATH_FMOD, math_fmod),
    ("remainder", MATH_REMAINDER, math_remainder),
    ("pow", MATH_POW, math_pow),
    ("fsum", MATH_FSUM, math_fsum),
);

/// `math.trunc(x)` for an `x` whose type has no `__trunc__`: CPython 3.11's message
/// ("type complex doesn't define __trunc__ method"; rustpython quotes both names).
fn math_trunc(vm: &VirtualMachine, args: FuncArgs, callee: Callee) -> PyResult {
    let real: &dyn PyNativeFn = MATH_TRUNC.get().expect("set before math.trunc was replaced").func;
    let class = (args.args.len() == 1).then(|| args.args[0].class().to_owned());
    let error = match real(vm, args, callee) {
        Err(error) if error.fast_isinstance(vm.ctx.exceptions.type_error) => error,
        result => return result,
    };
    let rustpython_words =
        class.as_ref().map(|class| format!("type '{}' doesn't define '__trunc__' method", class.name()));
    match (class, rustpython_words) {
        (Some(class), Some(words))
            if error.as_object().str(vm).is_ok_and(|text| text.as_wtf8().as_bytes() == words.as_bytes()) =>
        {
            Err(vm.new_type_error(format!("type {} doesn't define __trunc__ method", class.name())))
        }
        _ => Err(error),
    }
}

/// `math.gamma`/`math.lgamma` of one float-convertible argument: CPython's value from
/// `compute`; for anything else, and for the errors (whose wording is rustpython's),
/// the replaced function answers.
fn one_float_function(
    vm: &VirtualMachine,
    args: FuncArgs,
    callee: Callee,
    real: &OnceLock<&'static PyMethodDef>,
    compute: fn(f64) -> Result<f64, pynum_runtime::gamma::MathError>,
) -> PyResult {
    let real: &dyn PyNativeFn = real.get().expect("set before the function was replaced").func;
    if args.args.len() != 1 || !args.kwargs.is_empty() {
        return real(vm, args, callee);
    }
    let x = match args.args[0].clone().try_into_value::<rustpython_vm::function::ArgIntoFloat>(vm) {
        Ok(x) => x.into_float(),
        Err(_) => return real(vm, args, callee),
    };
    match compute(x) {
        Ok(value) => Ok(vm.ctx.new_float(value).into()),
        Err(_) => domain_error_reworded(real(vm, args, callee), "", vm),
    }
}

fn math_gamma(vm: &VirtualMachine, args: FuncArgs, callee: Callee) -> PyResult {
    one_float_function(vm, args, callee, &MATH_GAMMA, pynum_runtime::gamma::gamma)
}

fn math_lgamma(vm: &VirtualMachine, args: FuncArgs, callee: Callee) -> PyResult {
    one_float_function(vm, args, callee, &MATH_LGAMMA, pynum_runtime::gamma::lgamma)
}

/// The floats of `values` when each converts as `float()` would, else `None`.
fn floats_of(values: &[PyObjectRef], vm: &VirtualMachine) -> Option<Vec<f64>> {
    values
        .iter()
        .map(|v| v.clone().try_into_value::<rustpython_vm::function::ArgIntoFloat>(vm).ok().map(|f| f.into_float()))
        .collect()
}

/// `math.hypot(*coordinates)` as CPython 3.11 computes it (`pynum_runtime::hypot`); the
/// replaced function answers for anything that is not numbers (its errors).
fn math_hypot(vm: &VirtualMachine, args: FuncArgs, callee: Callee) -> PyResult {
    let real: &dyn PyNativeFn = MATH_HYPOT.get().expect("set before math.hypot was replaced").func;
    match floats_of(&args.args, vm).filter(|_| args.kwargs.is_empty()) {
        Some(coordinates) => Ok(vm.ctx.new_float(pynum_runtime::hypot::vector_norm(&coordinates)).into()),
        None => real(vm, args, callee),
    }
}

/// `math.dist(p, q)` of two tuples or lists of numbers of one length, as CPython 3.11
/// computes it; anything else goes to the replaced function.
fn math_dist(vm: &VirtualMachine, args: FuncArgs, callee: Callee) -> PyResult {
    let real: &dyn PyNativeFn = MATH_DIST.get().expect("set before math.dist was replaced").func;
    let items = |v: &PyObjectRef| -> Option<Vec<PyObjectRef>> {
        if let Some(tuple) = v.downcast_ref_if_exact::<rustpython_vm::builtins::PyTuple>(vm) {
            Some(tuple.as_slice().to_vec())
        } else {
            v.downcast_ref_if_exact::<rustpython_vm::builtins::PyList>(vm).map(|list| list.borrow_vec().to_vec())
        }
    };
    let points = match (&args.args[..], args.kwargs.is_empty()) {
        ([p, q], true) => items(p).zip(items(q)),
        _ => None,
    };
    let differences = points
        .filter(|(p, q)| p.len() == q.len())
        .and_then(|(p, q)| Some((floats_of(&p, vm)?, floats_of(&q, vm)?)))
        .map(|(p, q)| p.iter().zip(&q).map(|(a, b)| a - b).collect::<Vec<f64>>());
    match differences {
        Some(differences) => Ok(vm.ctx.new_float(pynum_runtime::hypot::vector_norm(&differences)).into()),
        None => real(vm, args, callee),
    }
}

fn math_log(vm: &VirtualMachine, args: FuncArgs, callee: Callee) -> PyResult {
    let real: &dyn PyNativeFn = MATH_LOG.get().expect("set before math.log was replaced").func;
    let real =
        |vm: &VirtualMachine, args: FuncArgs, callee: Callee| domain_error_reworded(real(vm, args, callee), "log", vm);
    if args.args.len() != 2 || !args.kwargs.is_empty() {
        return real(vm, args, callee);
    }
    let mut operands = args.args.into_iter();
    let (x, base) = (operands.next().expect("two"), operands.next().expect("two"));
    let numerator = real(vm, FuncArgs::from(vec![x]), Callee::from("log"))?;
    let denominator = real(vm, FuncArgs::from(vec![base]), Callee::from("log"))?;
    let as_f64 = |obj: &PyObjectRef| obj.downcast_ref::<PyFloat>().map_or(f64::NAN, |f| f.to_f64());
    let denominator = as_f64(&denominator);
    if denominator == 0.0 {
        return Err(vm.new_zero_division_error("float division by zero"));
    }
    Ok(vm.ctx.new_float(as_f64(&numerator) / denominator).into())
}

/// print() goes through stdout's encoder; rustpython's `TextIOWrapper` calls its
/// `encode`, which for UTF-8 is Python code in `encodings.utf_8`, so a trace function saw
/// two `'call'` events per print() that CPython (whose `TextIOWrapper` encodes UTF-8 in
/// C) never shows. The same method, made native: `_codecs.utf_8_encode(input, errors)[0]`.
fn native_utf8_encoder(vm: &VirtualMachine) -> PyResult<()> {
    let utf_8 = vm.import("encodings.utf_8", 0)?.get_attr("utf_8", vm)?;
    let class: PyTypeRef = utf_8
        .get_attr("IncrementalEncoder", vm)?
        .downcast()
        .map_err(|_| vm.new_type_error("encodings.utf_8.IncrementalEncoder is not a class"))?;
    let class: &'static Py<PyType> = PyRef::leak(class);
    // Found once: at interpreter exit a finalizer's print() still encodes, when importing
    // `_codecs` no longer works (finalizers printed nothing at exit).
    UTF8_ENCODE.get_or_init(|| vm.import("_codecs", 0).and_then(|codecs| codecs.get_attr("utf_8_encode", vm)));
    let encode = vm.new_method("encode", class, utf8_incremental_encode);
    class.as_object().set_attr("encode", encode, vm)
}

fn utf8_incremental_encode(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
    let mut positional = args.args.into_iter();
    let zelf = positional.next().ok_or_else(|| vm.new_type_error("encode() needs an encoder"))?;
    let input = match positional.next() {
        Some(input) => input,
        None => args
            .kwargs
            .get("input")
            .cloned()
            .ok_or_else(|| vm.new_type_error("encode() missing 1 required positional argument: 'input'"))?,
    };
    let errors = zelf.get_attr("errors", vm)?;
    let encode = UTF8_ENCODE.get().expect("set before the method was installed").clone()?;
    let encoded = encode.call((input, errors), vm)?;
    encoded.get_item(&0, vm)
}

/// `float.__round__` as CPython's `float___round___impl`: rustpython's rounded near-ties
/// through a tolerance (`round(0.5000000000000001)` gave 0, CPython 1) and worded its
/// overflow differently. Native code and the interpreter share the implementation
/// (`pynum_runtime::round_ndigits`). The builtin `round()` looks `__round__` up on the
/// type at each call, so the replacement reaches `round(x, n)` and float subclasses.
fn replace_float_round(vm: &VirtualMachine) {
    let float_type = vm.ctx.types.float_type;
    let round = vm.new_method("__round__", float_type, float_round);
    let name: &'static PyStrInterned = vm.ctx.intern_str("__round__");
    float_type.set_attr(name, round.into());
}

fn float_round(args: FuncArgs, vm: &VirtualMachine) -> PyResult {
    let mut positional = args.args.into_iter();
    let zelf = positional
        .next()
        .ok_or_else(|| vm.new_type_error("descriptor '__round__' of 'float' object needs an argument"))?;
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
                if ndigits.to_str_radix_10().starts_with('-') {
                    i64::MIN
                } else {
                    i64::MAX
                }
            });
            let rounded = pynum_runtime::round_ndigits(x, ndigits);
            if rounded.is_infinite() && x.is_finite() {
                return Err(vm.new_overflow_error("rounded value too large to represent"));
            }
            Ok(vm.ctx.new_float(rounded).into())
        }
    }
}

/// CPython 3.11 prints tracebacks without colour; the 3.14 standard library colours those
/// `sys.excepthook` prints to a terminal. Called just before such a traceback is printed
/// (an uncaught exception, the prompt starting), so that a run with no error never
/// imports `_colorize`. `PYTHON_COLORS=1` still asks for colour.
pub fn plain_tracebacks(vm: &VirtualMachine) {
    if let Ok(colorize) = vm.import("_colorize", 0) {
        let _ = colorize.set_attr("COLORIZE", vm.ctx.new_bool(false), vm);
    }
}
