//! The ops registry: every builtin, `math` function and `math` constant native code
//! supports, one entry each, in the spirit of LuaJIT's `lj_ircall.h` (one table per
//! fact) and Numba's typing/lowering registries (one entry per operation, side by side).
//!
//! An entry carries everything the stages need to know about an op:
//! - its Python name and module, and the argument counts it takes;
//! - its typing rule ([`Typing`]): the result type from the argument types;
//! - its effects ([`Effects`]): what loop-lifting and automatic mode's candidate
//!   selection need to know;
//! - how it lowers ([`Lowering`]): an inline operation, or the runtime helper that
//!   implements it under Python's semantics (automatic mode: CPython's algorithms,
//!   pymath) and under Numba's (`@njit`: the C library's), with the error check Python
//!   applies to the result (CPython's `math_1`/`math_2` rule).
//!
//! Readers: type inference (`typeinfer/rules.rs`), loop-lifting's purity check
//! (`looplift.rs`, `interleave.rs`, `lift_plan.rs`), the LIR lowering (each
//! [`Lowering`]), the native ABI's helper table (every [`helpers`] symbol), and the
//! dispatcher's module-attribute guards ([`constant`]). Adding a `math` function is one entry in [`OPS`].
//!
//! Assumes: every op is a function of its arguments' values alone (no op reads globals,
//! calls Python code, or keeps state), so native code may run it any number of times and
//! a deoptimization re-runs it in the interpreter with the same result. A `may_raise` op
//! deoptimizes (automatic mode) where Python raises; the interpreter then raises what
//! CPython raises. A builtin's lowering is a function of `lir/lower/builtins.rs` its entry
//! names ([`Lowering::Inline`]); no backend repeats it.

use std::ops::RangeInclusive;

use pymath::math as m;

use crate::ir::BinOp;
use crate::lir::lower::builtins as lower;
use crate::lir::lower::operators as op_lower;
use crate::lir::lower::{BuiltinLowering, OperatorLowering};
use crate::typeinfer::TypingContext;
use crate::types::{unify, Type};

/// Which namespace an op is found in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Module {
    Builtins,
    Math,
    /// NumPy's ufuncs on scalars and its constants, `@njit` only: on a scalar NumPy
    /// answers a NumPy scalar (`np.float64`), which automatic mode's native code would
    /// turn into a float.
    Numpy,
}

impl Module {
    pub fn name(self) -> &'static str {
        match self {
            Module::Builtins => "builtins",
            Module::Math => "math",
            Module::Numpy => "numpy",
        }
    }

    /// Whether native code takes its ops under Python's semantics (automatic mode).
    pub fn in_automatic_mode(self) -> bool {
        self != Module::Numpy
    }
}

/// What an op may do besides computing its result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Effects {
    /// Python raises for some arguments (a domain or range error, `abs(-2**63)` leaving
    /// 64 bits, a zero `range` step): native code deoptimizes there (automatic mode).
    pub may_raise: bool,
    /// Allocates memory (may fail with `MemoryError`).
    pub allocates: bool,
    /// Reads globals or module state besides its arguments.
    pub reads_globals: bool,
    /// May run Python frames (an iterator argument, `__index__`): a lifted loop left in
    /// the interpreter would add a frame per level, so loop-lifting keeps such calls out.
    pub calls_python: bool,
}

impl Effects {
    pub const PURE: Effects = Effects { may_raise: false, allocates: false, reads_globals: false, calls_python: false };
    pub const MAY_RAISE: Effects = Effects { may_raise: true, ..Effects::PURE };

    /// Whether a loop calling the op may be lifted out of its function: native code
    /// implements it without Python frames or effects outside the loop.
    pub fn liftable(self) -> bool {
        !self.calls_python && !self.reads_globals
    }
}

/// A typing rule: the result type for these argument types, an error saying why not,
/// or `None` when the rule does not apply to them.
pub type TypingRule = fn(&TypingContext, &[Type]) -> Option<Result<Type, String>>;

/// The result type of an op from its argument types.
pub enum Typing {
    /// Real numbers in (bool, int, float; never complex), this type out.
    Reals(Type),
    /// A rule of its own: `None` when the arguments are not ones native code takes
    /// (the caller names the call), or the result, or an error of its own.
    Rule(TypingRule),
}

/// An inline float operation (no call): what a backend emits itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FloatOp {
    Sqrt,
    Fabs,
    /// The next three convert to int; an int argument is its own result.
    Floor,
    Ceil,
    Trunc,
    IsNan,
    IsInf,
    IsFinite,
}

/// The check Python applies to a float result, where it raises and `@njit` (C) does not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorCheck {
    /// Never raises.
    None,
    /// CPython's `math_1`/`math_2` rule: a NaN result is a domain error unless an input
    /// was NaN; an infinite result is a range (or domain) error unless an input was
    /// infinite too.
    Math1,
}

/// A function native code calls: its symbol and its address.
#[derive(Clone, Copy)]
pub struct Helper {
    pub symbol: &'static str,
    pub function: HelperFn,
}

/// A helper's signature with its address.
#[derive(Clone, Copy)]
pub enum HelperFn {
    /// `f64 -> f64`
    Unary(extern "C" fn(f64) -> f64),
    /// `(f64, f64) -> f64`
    Binary(extern "C" fn(f64, f64) -> f64),
}

impl Helper {
    pub fn address(&self) -> *const u8 {
        match self.function {
            HelperFn::Unary(f) => f as *const u8,
            HelperFn::Binary(f) => f as *const u8,
        }
    }

    /// The helper as the native ABI describes helpers.
    pub fn abi(&self) -> pynum_runtime::abi::Helper {
        use pynum_runtime::abi::MType::F64;
        let params: &'static [pynum_runtime::abi::MType] = if self.params() == 1 { &[F64] } else { &[F64, F64] };
        pynum_runtime::abi::Helper::new(self.symbol, params, F64, self.address())
    }

    /// How many `f64` arguments it takes.
    pub fn params(&self) -> usize {
        match self.function {
            HelperFn::Unary(_) => 1,
            HelperFn::Binary(_) => 2,
        }
    }
}

/// How an op lowers.
#[derive(Clone, Copy)]
pub enum Lowering {
    /// An inline float operation, checked as Python checks its result.
    Float(FloatOp, ErrorCheck),
    /// A call of `python`'s helper under Python's semantics (errors come back as NaN,
    /// which `check` turns into a deoptimization), of `njit`'s under `@njit`'s.
    Call { python: Helper, njit: Helper, check: ErrorCheck },
    /// `math.log`: the call with one argument; with a base, CPython's `log(x) /
    /// log(base)`, each checked on its own, and a base of 1 raising.
    Log { python: Helper, njit: Helper, check: ErrorCheck },
    /// A builtin lowered by its own function (`lir/lower/builtins.rs`).
    Inline(BuiltinLowering),
}

impl Lowering {
    /// The helper that implements the op under the given semantics, if it calls one.
    pub fn helper(&self, python_semantics: bool) -> Option<&Helper> {
        match self {
            Lowering::Call { python, njit, .. } | Lowering::Log { python, njit, .. } => {
                Some(if python_semantics { python } else { njit })
            }
            Lowering::Float(..) | Lowering::Inline(_) => None,
        }
    }
}

/// One builtin or module function native code supports.
pub struct Op {
    pub module: Module,
    pub name: &'static str,
    pub arity: RangeInclusive<usize>,
    pub typing: Typing,
    pub effects: Effects,
    pub lowering: Lowering,
}

/// A binary operator native code supports: its lowering for each kind of operands it
/// takes (the typing rule gives a result of that kind only where the entry has one).
pub struct Operator {
    pub op: BinOp,
    pub effects: Effects,
    /// Two bools, a bool result (`&`, `|`, `^`).
    pub bools: Option<OperatorLowering>,
    /// An `int64` result (bools promoted).
    pub ints: Option<OperatorLowering>,
    /// A `float64` result (an int operand converted; `/` of two ints).
    pub floats: Option<OperatorLowering>,
}

impl Operator {
    /// The lowering for a result of type `result`, if the operator has one.
    pub fn lowering_for(&self, result: &Type) -> Option<OperatorLowering> {
        match result {
            Type::Bool => self.bools,
            Type::Int { .. } => self.ints,
            Type::Float { .. } => self.floats,
            _ => None,
        }
    }
}

/// A module constant native code folds in, with the value the module must still hold.
pub struct Constant {
    pub module: Module,
    pub name: &'static str,
    pub value: f64,
}

impl Constant {
    /// Whether `value` is the constant's own value (any NaN for `nan`).
    pub fn holds(&self, value: f64) -> bool {
        if self.value.is_nan() {
            value.is_nan()
        } else {
            value == self.value
        }
    }
}

/// A one-argument `math` function returning a float: `python` under Python's semantics
/// (CPython's algorithm, pymath, whose error comes back as NaN), `njit` under `@njit`'s
/// (the C library's: `C` names its function of the same name), the result checked by
/// CPython's `math_1` rule.
macro_rules! math1 {
    // `njit: C`: the C library's function of the same name (what Numba calls).
    ($name:ident, python: $py:expr, njit: C) => {
        math1!($name, python: $py, njit: |x| {
            extern "C" {
                fn $name(x: f64) -> f64;
            }
            // SAFETY: a C math function of one double: no pointers, no state.
            unsafe { $name(x) }
        })
    };
    ($name:ident, python: $py:expr, njit: $c:expr) => {
        Op {
            module: Module::Math,
            name: stringify!($name),
            arity: 1..=1,
            typing: Typing::Reals(Type::FLOAT64),
            effects: Effects::MAY_RAISE,
            lowering: Lowering::Call {
                python: helper!(concat!("pynum_math_", stringify!($name)), |x| $py(x)),
                njit: helper!(concat!("pynum_c_math_", stringify!($name)), |x| $c(x)),
                check: ErrorCheck::Math1,
            },
        }
    };
}

/// A two-argument `math` function, as [`math1!`].
macro_rules! math2 {
    ($name:ident, python: $py:expr, njit: $c:expr) => {
        Op {
            module: Module::Math,
            name: stringify!($name),
            arity: 2..=2,
            typing: Typing::Reals(Type::FLOAT64),
            effects: Effects::MAY_RAISE,
            lowering: Lowering::Call {
                python: helper!(concat!("pynum_math_", stringify!($name)), |x, y| $py(x, y)),
                njit: helper!(concat!("pynum_c_math_", stringify!($name)), |x, y| $c(x, y)),
                check: ErrorCheck::Math1,
            },
        }
    };
}

/// A NumPy ufunc of floats on scalars under `@njit`: the C library's function (what
/// Numba calls), never raising (a domain error is a NaN, as NumPy's result is).
macro_rules! numpy_float {
    ($name:literal, |$x:ident| $body:expr) => {
        numpy_float!(@op $name, 1..=1, helper!(concat!("pynum_np_", $name), |$x| $body))
    };
    ($name:literal, |$x:ident, $y:ident| $body:expr) => {
        numpy_float!(@op $name, 2..=2, helper!(concat!("pynum_np_", $name), |$x, $y| $body))
    };
    (@op $name:literal, $arity:expr, $helper:expr) => {
        Op {
            module: Module::Numpy,
            name: $name,
            arity: $arity,
            typing: Typing::Reals(Type::FLOAT64),
            effects: Effects::PURE,
            lowering: Lowering::Call { python: $helper, njit: $helper, check: ErrorCheck::None },
        }
    };
}

/// The C library's function `name` of one double.
macro_rules! c_math {
    ($name:ident($x:expr)) => {{
        extern "C" {
            fn $name(x: f64) -> f64;
        }
        // SAFETY: a C math function of one double: no pointers, no state.
        unsafe { $name($x) }
    }};
}

/// An `extern "C"` helper made from a closure of one or two `f64`s.
macro_rules! helper {
    ($symbol:expr, |$x:ident| $body:expr) => {
        Helper {
            symbol: $symbol,
            function: HelperFn::Unary({
                extern "C" fn helper($x: f64) -> f64 {
                    $body
                }
                helper
            }),
        }
    };
    ($symbol:expr, |$x:ident, $y:ident| $body:expr) => {
        Helper {
            symbol: $symbol,
            function: HelperFn::Binary({
                extern "C" fn helper($x: f64, $y: f64) -> f64 {
                    $body
                }
                helper
            }),
        }
    };
}

/// An inline float `math` function.
const fn float_op(name: &'static str, result: Type, op: FloatOp, check: ErrorCheck, effects: Effects) -> Op {
    Op {
        module: Module::Math,
        name,
        arity: 1..=1,
        typing: Typing::Reals(result),
        effects,
        lowering: Lowering::Float(op, check),
    }
}

/// A builtin: its typing rule and its lowering side by side.
const fn builtin(
    name: &'static str,
    arity: RangeInclusive<usize>,
    rule: TypingRule,
    effects: Effects,
    lowering: BuiltinLowering,
) -> Op {
    Op {
        module: Module::Builtins,
        name,
        arity,
        typing: Typing::Rule(rule),
        effects,
        lowering: Lowering::Inline(lowering),
    }
}

/// CPython's answer, or NaN where it raises (the caller's `math_1` check turns that
/// into the interpreter's exception).
fn py<E>(result: Result<f64, E>) -> f64 {
    result.unwrap_or(f64::NAN)
}

/// Every builtin and `math` function native code supports.
pub static OPS: &[Op] = &[
    // Builtins.
    builtin("range", 1..=3, range, Effects::MAY_RAISE, lower::range),
    builtin("abs", 1..=1, abs, Effects::MAY_RAISE, lower::abs),
    // One argument: a list (an empty one deoptimizes: the interpreter's `ValueError`).
    builtin("min", 1..=usize::MAX, min_max, Effects::MAY_RAISE, lower::min),
    builtin("max", 1..=usize::MAX, min_max, Effects::MAY_RAISE, lower::max),
    builtin("sum", 1..=2, sum, Effects::MAY_RAISE, lower::sum),
    builtin("int", 1..=1, int, Effects::MAY_RAISE, lower::int),
    builtin("float", 1..=1, float, Effects::PURE, lower::float),
    builtin("bool", 1..=1, bool_, Effects::PURE, lower::bool_),
    builtin("round", 1..=2, round, Effects::MAY_RAISE, lower::round),
    builtin("pow", 2..=2, pow, Effects::MAY_RAISE, lower::pow),
    builtin("divmod", 2..=2, divmod, Effects::MAY_RAISE, lower::divmod),
    builtin("len", 1..=1, len, Effects::PURE, lower::len),
    builtin("enumerate", 1..=2, enumerate, Effects::PURE, lower::enumerate),
    builtin("zip", 1..=4, zip, Effects::PURE, lower::zip),
    // `math`: inline float operations.
    float_op("sqrt", Type::FLOAT64, FloatOp::Sqrt, ErrorCheck::Math1, Effects::MAY_RAISE),
    float_op("fabs", Type::FLOAT64, FloatOp::Fabs, ErrorCheck::None, Effects::PURE),
    float_op("floor", Type::INT64, FloatOp::Floor, ErrorCheck::None, Effects::MAY_RAISE),
    float_op("ceil", Type::INT64, FloatOp::Ceil, ErrorCheck::None, Effects::MAY_RAISE),
    float_op("trunc", Type::INT64, FloatOp::Trunc, ErrorCheck::None, Effects::MAY_RAISE),
    float_op("isnan", Type::Bool, FloatOp::IsNan, ErrorCheck::None, Effects::PURE),
    float_op("isinf", Type::Bool, FloatOp::IsInf, ErrorCheck::None, Effects::PURE),
    float_op("isfinite", Type::Bool, FloatOp::IsFinite, ErrorCheck::None, Effects::PURE),
    // `math`: calls, CPython's algorithms under Python's semantics, C's under `@njit`.
    math1!(sin, python: |x| py(m::sin(x)), njit: f64::sin),
    math1!(cos, python: |x| py(m::cos(x)), njit: f64::cos),
    math1!(tan, python: |x| py(m::tan(x)), njit: f64::tan),
    math1!(asin, python: |x| py(m::asin(x)), njit: f64::asin),
    math1!(acos, python: |x| py(m::acos(x)), njit: f64::acos),
    math1!(atan, python: |x| py(m::atan(x)), njit: f64::atan),
    math1!(sinh, python: |x| py(m::sinh(x)), njit: f64::sinh),
    math1!(cosh, python: |x| py(m::cosh(x)), njit: f64::cosh),
    math1!(tanh, python: |x| py(m::tanh(x)), njit: f64::tanh),
    math1!(acosh, python: |x| py(m::acosh(x)), njit: C),
    math1!(atanh, python: |x| py(m::atanh(x)), njit: C),
    math1!(exp, python: |x| py(m::exp(x)), njit: f64::exp),
    math1!(expm1, python: |x| py(m::expm1(x)), njit: f64::exp_m1),
    Op {
        module: Module::Math,
        name: "log",
        arity: 1..=2,
        typing: Typing::Reals(Type::FLOAT64),
        effects: Effects::MAY_RAISE,
        lowering: Lowering::Log {
            python: helper!("pynum_math_log", |x| py(m::log(x, None))),
            njit: helper!("pynum_c_math_log", |x| x.ln()),
            check: ErrorCheck::Math1,
        },
    },
    math1!(log2, python: |x| py(m::log2(x)), njit: f64::log2),
    math1!(log10, python: |x| py(m::log10(x)), njit: f64::log10),
    math1!(log1p, python: |x| py(m::log1p(x)), njit: f64::ln_1p),
    math1!(erf, python: |x| py(m::erf(x)), njit: libm::erf),
    math1!(erfc, python: |x| py(m::erfc(x)), njit: libm::erfc),
    // CPython's algorithm without fused multiply-adds (what the interpreter's `math`
    // computes too: `cpython_fidelity`), not `pymath`'s.
    math1!(gamma, python: |x| py(pynum_runtime::gamma::gamma(x)), njit: libm::tgamma),
    math1!(lgamma, python: |x| py(pynum_runtime::gamma::lgamma(x)), njit: libm::lgamma),
    math1!(degrees, python: m::degrees, njit: f64::to_degrees),
    math1!(radians, python: m::radians, njit: f64::to_radians),
    math2!(hypot, python: |x, y| pynum_runtime::hypot::vector_norm(&[x, y]), njit: f64::hypot),
    math2!(atan2, python: |y, x| py(m::atan2(y, x)), njit: f64::atan2),
    math2!(pow, python: |x, y| py(m::pow(x, y)), njit: f64::powf),
    math2!(copysign, python: |x, y| py(m::copysign(x, y)), njit: f64::copysign),
    math2!(fmod, python: |x, y| py(m::fmod(x, y)), njit: |x: f64, y: f64| x % y),
    // NumPy's ufuncs on scalars (`@njit`): float results, NaN where `math` would raise.
    Op {
        module: Module::Numpy,
        name: "sqrt",
        arity: 1..=1,
        typing: Typing::Reals(Type::FLOAT64),
        effects: Effects::PURE,
        lowering: Lowering::Float(FloatOp::Sqrt, ErrorCheck::None),
    },
    numpy_float!("exp", |x| x.exp()),
    numpy_float!("expm1", |x| x.exp_m1()),
    numpy_float!("log", |x| x.ln()),
    numpy_float!("log2", |x| x.log2()),
    numpy_float!("log10", |x| x.log10()),
    numpy_float!("log1p", |x| x.ln_1p()),
    numpy_float!("sin", |x| x.sin()),
    numpy_float!("cos", |x| x.cos()),
    numpy_float!("tan", |x| x.tan()),
    numpy_float!("arcsin", |x| x.asin()),
    numpy_float!("arccos", |x| x.acos()),
    numpy_float!("arctan", |x| x.atan()),
    numpy_float!("sinh", |x| x.sinh()),
    numpy_float!("cosh", |x| x.cosh()),
    numpy_float!("tanh", |x| x.tanh()),
    numpy_float!("floor", |x| x.floor()),
    numpy_float!("ceil", |x| x.ceil()),
    numpy_float!("trunc", |x| x.trunc()),
    numpy_float!("rint", |x| c_math!(rint(x))),
    numpy_float!("arctan2", |y, x| y.atan2(x)),
    numpy_float!("hypot", |x, y| x.hypot(y)),
    numpy_float!("copysign", |x, y| x.copysign(y)),
    Op {
        module: Module::Numpy,
        name: "absolute",
        arity: 1..=1,
        typing: Typing::Rule(abs),
        effects: Effects::PURE,
        lowering: Lowering::Inline(lower::abs),
    },
    Op {
        module: Module::Numpy,
        name: "abs",
        arity: 1..=1,
        typing: Typing::Rule(abs),
        effects: Effects::PURE,
        lowering: Lowering::Inline(lower::abs),
    },
    array_constructor("zeros", lower::array_zeros),
    array_constructor("empty", lower::array_zeros),
    array_constructor("ones", lower::array_ones),
    float_op_of(Module::Numpy, "isnan", Type::Bool, FloatOp::IsNan),
    float_op_of(Module::Numpy, "isinf", Type::Bool, FloatOp::IsInf),
    float_op_of(Module::Numpy, "isfinite", Type::Bool, FloatOp::IsFinite),
];

/// `np.zeros(shape, dtype)` and its kind: a new C-contiguous array (`@njit`).
const fn array_constructor(name: &'static str, lowering: BuiltinLowering) -> Op {
    Op {
        module: Module::Numpy,
        name,
        arity: 1..=2,
        typing: Typing::Rule(new_array),
        effects: Effects { may_raise: true, allocates: true, ..Effects::PURE },
        lowering: Lowering::Inline(lowering),
    }
}

/// The array a constructor makes: one axis per int of the shape (an int, or a tuple of
/// them), items of the dtype (`float64` when none is given, as NumPy's).
fn new_array(ctx: &TypingContext, args: &[Type]) -> Option<Result<Type, String>> {
    if ctx.python_semantics {
        return None;
    }
    let ndim = match &args[0] {
        n if n.is_integer() => 1,
        Type::Tuple(items) if !items.is_empty() && items.iter().all(Type::is_integer) => items.len(),
        _ => return None,
    };
    let item = match args.get(1) {
        None => Type::FLOAT64,
        Some(Type::NumberClass(number)) => (**number).clone(),
        Some(Type::Builtin(name)) if name == "float" => Type::FLOAT64,
        Some(Type::Builtin(name)) if name == "int" => Type::INT64,
        Some(_) => return None,
    };
    Some(Ok(Type::Array { item: Box::new(item), ndim: u8::try_from(ndim).ok()?, readonly: false }))
}

/// An inline float operation of `module` that never raises.
const fn float_op_of(module: Module, name: &'static str, result: Type, op: FloatOp) -> Op {
    Op {
        module,
        name,
        arity: 1..=1,
        typing: Typing::Reals(result),
        effects: Effects::PURE,
        lowering: Lowering::Float(op, ErrorCheck::None),
    }
}

/// Every binary operator native code supports (`@` has no entry: no numeric meaning).
pub static OPERATORS: &[Operator] = &[
    binop(BinOp::Add, Effects::PURE, None, Some(op_lower::int_add), Some(op_lower::float_add)),
    binop(BinOp::Sub, Effects::PURE, None, Some(op_lower::int_sub), Some(op_lower::float_sub)),
    binop(BinOp::Mul, Effects::PURE, None, Some(op_lower::int_mul), Some(op_lower::float_mul)),
    binop(BinOp::TrueDiv, Effects::MAY_RAISE, None, None, Some(op_lower::float_truediv)),
    binop(BinOp::FloorDiv, Effects::MAY_RAISE, None, Some(op_lower::int_floordiv), Some(op_lower::float_floordiv)),
    binop(BinOp::Mod, Effects::MAY_RAISE, None, Some(op_lower::int_mod), Some(op_lower::float_mod)),
    binop(BinOp::Pow, Effects::MAY_RAISE, None, Some(op_lower::int_pow), Some(op_lower::float_pow)),
    binop(BinOp::LShift, Effects::MAY_RAISE, None, Some(op_lower::int_lshift), None),
    binop(BinOp::RShift, Effects::MAY_RAISE, None, Some(op_lower::int_rshift), None),
    binop(BinOp::And, Effects::PURE, Some(op_lower::bool_and), Some(op_lower::int_and), None),
    binop(BinOp::Or, Effects::PURE, Some(op_lower::bool_or), Some(op_lower::int_or), None),
    binop(BinOp::Xor, Effects::PURE, Some(op_lower::bool_xor), Some(op_lower::int_xor), None),
];

const fn binop(
    op: BinOp,
    effects: Effects,
    bools: Option<OperatorLowering>,
    ints: Option<OperatorLowering>,
    floats: Option<OperatorLowering>,
) -> Operator {
    Operator { op, effects, bools, ints, floats }
}

/// The registry's entry for the binary operator `op`.
pub fn operator(op: BinOp) -> Option<&'static Operator> {
    OPERATORS.iter().find(|entry| entry.op == op)
}

/// Every module constant native code supports.
pub static CONSTANTS: &[Constant] = &[
    Constant { module: Module::Math, name: "pi", value: std::f64::consts::PI },
    Constant { module: Module::Math, name: "e", value: std::f64::consts::E },
    Constant { module: Module::Math, name: "tau", value: std::f64::consts::TAU },
    Constant { module: Module::Math, name: "inf", value: f64::INFINITY },
    Constant { module: Module::Math, name: "nan", value: f64::NAN },
    Constant { module: Module::Numpy, name: "pi", value: std::f64::consts::PI },
    Constant { module: Module::Numpy, name: "e", value: std::f64::consts::E },
    Constant { module: Module::Numpy, name: "inf", value: f64::INFINITY },
    Constant { module: Module::Numpy, name: "nan", value: f64::NAN },
];

/// The op `module.name` (`module` by its Python name), if native code supports it.
pub fn lookup(module: &str, name: &str) -> Option<&'static Op> {
    OPS.iter().find(|op| op.module.name() == module && op.name == name)
}

/// The builtin `name`, if native code supports it.
pub fn builtin_op(name: &str) -> Option<&'static Op> {
    lookup("builtins", name)
}

/// The constant `module.name`, if native code folds it in.
pub fn module_constant(module: &str, name: &str) -> Option<&'static Constant> {
    CONSTANTS.iter().find(|c| c.module.name() == module && c.name == name)
}

/// A constant of any module named `name` (the dispatcher checks a module's attribute
/// against it without knowing which module the global holds).
pub fn constant(name: &str) -> Option<&'static Constant> {
    CONSTANTS.iter().find(|c| c.name == name)
}

/// Whether native code reads attributes of the module `name` (other than `builtins`).
pub fn is_native_module(name: &str) -> bool {
    name != "builtins"
        && (OPS.iter().any(|op| op.module.name() == name) || CONSTANTS.iter().any(|c| c.module.name() == name))
}

/// The builtins a lifted loop may call.
pub fn liftable_builtins() -> impl Iterator<Item = &'static str> {
    OPS.iter().filter(|op| op.module == Module::Builtins && op.effects.liftable()).map(|op| op.name)
}

/// Every helper native code may call, for a backend to register.
pub fn helpers() -> impl Iterator<Item = &'static Helper> {
    OPS.iter()
        .flat_map(|op| {
            let (python, njit) = (op.lowering.helper(true), op.lowering.helper(false));
            // One helper serving both semantics is registered once.
            [python, njit.filter(|n| python.is_none_or(|p| p.symbol != n.symbol))]
        })
        .flatten()
}

/// Another name of an op's function in its module (`np.abs` is `np.absolute`): the
/// dispatcher's guard finds the function under its own name.
pub fn alias_of(module: &str, name: &str) -> Option<&'static str> {
    match (module, name) {
        ("numpy", "abs") => Some("absolute"),
        ("numpy", "double") => Some("float64"),
        ("numpy", "intp" | "int_") => Some("int64"),
        _ => None,
    }
}

/// The number type of a NumPy scalar type native code takes as a dtype or a conversion
/// (`np.float64`), by its attribute name in `module`.
pub fn number_class(module: &str, name: &str) -> Option<Type> {
    match (module, alias_of(module, name).unwrap_or(name)) {
        ("numpy", "float64") => Some(Type::FLOAT64),
        ("numpy", "int64") => Some(Type::INT64),
        _ => None,
    }
}

/// Whether a call of a value of type `callee` with `positional` arguments passes its
/// `keywords` as the next positionals: `dtype=` of NumPy's array constructors.
pub fn keyword_as_positional(callee: &Type, positional: usize, keywords: &[(String, crate::ir::Var)]) -> bool {
    matches!(callee, Type::ModuleFunction(module, name)
        if module == "numpy" && ARRAY_CONSTRUCTORS.contains(&name.as_str()))
        && positional == 1
        && matches!(keywords, [(name, _)] if name == "dtype")
}

/// NumPy's constructors of new arrays native code makes (`@njit`).
const ARRAY_CONSTRUCTORS: [&str; 3] = ["zeros", "empty", "ones"];

impl Op {
    /// The op's result for `args`, or why native code cannot call it with them.
    pub fn result(&self, ctx: &TypingContext, args: &[Type]) -> Result<Type, String> {
        let qualified = match self.module {
            Module::Builtins => self.name.to_owned(),
            module => format!("{}.{}", module.name(), self.name),
        };
        let bad = || format!("{qualified}() with ({})", list(args));
        if !self.arity.contains(&args.len()) {
            return Err(bad());
        }
        match self.typing {
            Typing::Reals(ref result) if args.iter().all(Type::is_real) => Ok(result.clone()),
            Typing::Reals(_) => Err(bad()),
            Typing::Rule(rule) => rule(ctx, args).unwrap_or_else(|| Err(bad())),
        }
    }
}

fn list(types: &[Type]) -> String {
    types.iter().map(Type::to_string).collect::<Vec<_>>().join(", ")
}

// The builtins' typing rules. `None`: not arguments native code takes.

fn range(_: &TypingContext, args: &[Type]) -> Option<Result<Type, String>> {
    args.iter().all(Type::is_integer).then_some(Ok(Type::RangeState))
}

fn abs(_: &TypingContext, args: &[Type]) -> Option<Result<Type, String>> {
    args.iter().all(Type::is_real).then(|| Ok(args[0].arithmetic()))
}

/// Automatic mode: arguments of one type (Python keeps the int or the float it was
/// given); `@njit` promotes as Numba does.
fn min_max(ctx: &TypingContext, args: &[Type]) -> Option<Result<Type, String>> {
    if let [list] = args {
        return match list {
            Type::List(item) if ctx.python_semantics && matches!(**item, Type::INT64 | Type::FLOAT64) => {
                Some(Ok((**item).clone()))
            }
            _ => None,
        };
    }
    if ctx.python_semantics && args.iter().any(|a| a != &args[0]) || !args.iter().all(Type::is_real) {
        return None;
    }
    args.iter().skip(1).try_fold(args[0].clone(), |acc, t| unify(&acc, t)).map(Ok)
}

/// `sum(xs)` and `sum(xs, start)` of a list of ints or floats, CPython 3.11's: added in
/// order from `start` (0), ints exactly (an overflow deoptimizes), floats one `+` at a
/// time. The result's type must not depend on the list being empty: a float start with
/// int items is a float either way, and an int start with float items is typed float
/// with an empty list deoptimizing (where Python answers the int start). A bool start
/// stays interpreted (`sum([], True)` is `True`).
fn sum(ctx: &TypingContext, args: &[Type]) -> Option<Result<Type, String>> {
    let Type::List(item) = &args[0] else { return None };
    if !ctx.python_semantics || !matches!(**item, Type::INT64 | Type::FLOAT64) {
        return None;
    }
    match args.get(1) {
        None => Some(Ok((**item).clone())),
        Some(start @ (Type::Int { .. } | Type::Float { .. })) => unify(start, item).map(Ok),
        Some(_) => None,
    }
}

fn int(_: &TypingContext, args: &[Type]) -> Option<Result<Type, String>> {
    args.iter().all(Type::is_real).then_some(Ok(Type::INT64))
}

fn float(_: &TypingContext, args: &[Type]) -> Option<Result<Type, String>> {
    args.iter().all(Type::is_real).then_some(Ok(Type::FLOAT64))
}

fn bool_(_: &TypingContext, args: &[Type]) -> Option<Result<Type, String>> {
    (args[0].is_number() || args[0] == Type::NoneType).then_some(Ok(Type::Bool))
}

fn round(_: &TypingContext, args: &[Type]) -> Option<Result<Type, String>> {
    match args {
        [a] if a.is_real() => Some(Ok(Type::INT64)),
        [a, n] if a.is_real() && n.is_real() && n.is_integer() => Some(Ok(a.arithmetic())),
        _ => None,
    }
}

fn pow(ctx: &TypingContext, args: &[Type]) -> Option<Result<Type, String>> {
    Some(ctx.binary(BinOp::Pow, &args[0], &args[1]))
}

fn divmod(ctx: &TypingContext, args: &[Type]) -> Option<Result<Type, String>> {
    if !args.iter().all(Type::is_real) {
        return None;
    }
    Some(ctx.binary(BinOp::FloorDiv, &args[0], &args[1]).map(|q| Type::Tuple(vec![q.clone(), q])))
}

/// What `for` iterates natively: a range, a list, a dict or one of its views, and
/// `enumerate` or `zip` of those.
fn iterable(t: &Type) -> bool {
    matches!(
        t,
        Type::RangeState | Type::List(_) | Type::Dict(..) | Type::DictView(..) | Type::Enumerate(_) | Type::Zip(_)
    ) && t.is_native()
}

/// `enumerate(xs[, start])` of an iterable native code iterates, an int start.
fn enumerate(_: &TypingContext, args: &[Type]) -> Option<Result<Type, String>> {
    let start_ok = args.get(1).is_none_or(|start| *start == Type::INT64);
    (iterable(&args[0]) && start_ok).then(|| Ok(Type::Enumerate(Box::new(args[0].clone()))))
}

/// `zip(a, b, ...)` of iterables native code iterates (no `strict=`: a keyword).
fn zip(_: &TypingContext, args: &[Type]) -> Option<Result<Type, String>> {
    args.iter().all(iterable).then(|| Ok(Type::Zip(args.to_vec())))
}

fn len(_: &TypingContext, args: &[Type]) -> Option<Result<Type, String>> {
    matches!(args[0], Type::List(_) | Type::ByteArray | Type::Dict(..) | Type::DictView(..) | Type::Array { .. })
        .then_some(Ok(Type::INT64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_symbols_are_unique() {
        let mut names: Vec<_> = OPS.iter().map(|op| (op.module, op.name)).collect();
        names.extend(CONSTANTS.iter().map(|c| (c.module, c.name)));
        let count = names.len();
        names.sort_by_key(|(m, n)| (m.name(), *n));
        names.dedup();
        assert_eq!(names.len(), count, "an op or constant is registered twice");
        let mut symbols: Vec<_> = helpers().map(|h| h.symbol).collect();
        let count = symbols.len();
        symbols.sort();
        symbols.dedup();
        assert_eq!(symbols.len(), count, "a helper symbol is registered twice");
    }

    #[test]
    fn helpers_take_the_arguments_the_op_does() {
        for op in OPS {
            for python in [true, false] {
                if let Some(helper) = op.lowering.helper(python) {
                    assert!(op.arity.contains(&helper.params()), "{}.{}: {}", op.module.name(), op.name, helper.symbol);
                }
            }
        }
    }
}
