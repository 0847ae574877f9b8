//! How each builtin native code supports lowers to LIR: one function per entry of the
//! ops registry ([`crate::ops::OPS`] names it as the entry's [`crate::ops::Lowering::Inline`]),
//! the counterpart of Numba's `@lower_builtin` functions.
//!
//! Assumes the entry's typing rule accepted the call: the argument types and the result
//! type are ones the rule gives, so a mismatch here is [`LowerError::Internal`].

use super::{FunctionLowerer, LowerError, Parts};
use crate::ir::BinOp;
use crate::lir::{BinaryOp, FloatCC, IntCC, MType, Op, OverflowOp, Terminator, UnaryOp, Var};
use crate::types::Type;
use pynum_runtime::abi::{bytearray_layout, list_layout};
use pynum_runtime::Status;

/// A builtin's call as its lowering sees it: each argument's LIR parts and type, and the
/// result type the typing rule gave.
pub struct BuiltinCall<'c> {
    pub args: &'c [Parts],
    pub types: &'c [Type],
    pub result: &'c Type,
}

impl BuiltinCall<'_> {
    /// Argument `i`, a scalar.
    fn scalar(&self, i: usize) -> Result<Var, LowerError> {
        self.args
            .get(i)
            .and_then(|parts| parts.first().copied())
            .ok_or_else(|| LowerError::Internal(format!("argument {i} of a builtin is missing")))
    }

    /// Argument `i` converted to the result type.
    fn as_result(&self, lowerer: &mut FunctionLowerer, i: usize) -> Result<Var, LowerError> {
        lowerer.coerce(self.scalar(i)?, &self.types[i], self.result)
    }

    /// Argument `i` converted to `int64`.
    fn as_int(&self, lowerer: &mut FunctionLowerer, i: usize) -> Result<Var, LowerError> {
        lowerer.coerce(self.scalar(i)?, &self.types[i], &Type::INT64)
    }

    fn is_float(&self, i: usize) -> bool {
        matches!(self.types[i], Type::Float { .. })
    }
}

/// How a builtin lowers: its LIR values from the call's.
pub type BuiltinLowering = fn(&mut FunctionLowerer, &BuiltinCall) -> Result<Parts, LowerError>;

/// `len(xs)` of a list: its length word; of a bytearray, its length part; of an array,
/// its first axis'. Native code never changes a list's length, so the length of a list
/// held for the whole call bounds its indices.
pub fn len(l: &mut FunctionLowerer, call: &BuiltinCall) -> Result<Parts, LowerError> {
    let whole_part = match call.types[0] {
        // The first axis' length (shape word 0, after the data pointer).
        Type::Array { .. } => Some(1),
        Type::ByteArray => Some(bytearray_layout::LEN_PART),
        _ => None,
    };
    if let Some(part) = whole_part {
        let length = call.args[0][part];
        l.note_array_lengths(&[length]);
        return Ok(vec![length]);
    }
    let list = call.scalar(0)?;
    let len = l.load(MType::I64, list, list_layout::LEN_OFFSET);
    l.facts.nonnegative.insert(len);
    if l.stable_lists.contains(&list) {
        l.facts.length_of.insert(len, list);
    }
    Ok(vec![len])
}

/// `abs(x)`: of an int, `abs(-2**63)` leaves 64 bits.
pub fn abs(l: &mut FunctionLowerer, call: &BuiltinCall) -> Result<Parts, LowerError> {
    let v = call.as_result(l, 0)?;
    if matches!(call.result, Type::Float { .. }) {
        return Ok(vec![l.unary(UnaryOp::Fabs, v, MType::F64)]);
    }
    let is_min = l.icmp_imm(IntCC::Eq, v, i64::MIN);
    l.deopt_if(is_min, "abs(-2**63) leaves 64 bits");
    Ok(vec![l.unary(UnaryOp::Iabs, v, MType::I64)])
}

pub fn min(l: &mut FunctionLowerer, call: &BuiltinCall) -> Result<Parts, LowerError> {
    if let [Type::List(item)] = call.types {
        return list_extremum(l, call, item, FloatCC::Lt, IntCC::Slt);
    }
    extremum(l, call, FloatCC::Lt, IntCC::Slt)
}

pub fn max(l: &mut FunctionLowerer, call: &BuiltinCall) -> Result<Parts, LowerError> {
    if let [Type::List(item)] = call.types {
        return list_extremum(l, call, item, FloatCC::Gt, IntCC::Sgt);
    }
    extremum(l, call, FloatCC::Gt, IntCC::Sgt)
}

/// `min(xs)`/`max(xs)` of a list of ints or floats: CPython's loop, the first item, then
/// each later one that compares strictly better (so a NaN first stays, a NaN later
/// never wins). An empty list deoptimizes: the interpreter raises `ValueError`.
fn list_extremum(
    l: &mut FunctionLowerer,
    call: &BuiltinCall,
    item: &Type,
    float: FloatCC,
    int: IntCC,
) -> Result<Parts, LowerError> {
    let list = call.scalar(0)?;
    let len = l.load(MType::I64, list, list_layout::LEN_OFFSET);
    let empty = l.icmp_imm(IntCC::Eq, len, 0);
    l.deopt_if(empty, "min() or max() of an empty list");
    let word_type = if matches!(item, Type::Float { .. }) { MType::F64 } else { MType::I64 };
    let best = l.new_var(word_type);
    let first = l.load(word_type, list, list_layout::ITEMS_OFFSET);
    l.emit(Op::Copy { dst: best, src: first });
    l.for_each_list_item(list, item, 1, None, &mut |l, value| {
        let better = if word_type == MType::F64 { l.fcmp(float, value, best) } else { l.icmp(int, value, best) };
        let chosen = l.select(better, value, best);
        l.emit(Op::Copy { dst: best, src: chosen });
        Ok(())
    })?;
    Ok(vec![best])
}

/// `sum(xs[, start])` of a list (the typing rule's cases): from `start` (0), each item
/// added with `+` of the result's type, an int overflow deoptimizing. With float items
/// and an int start, an empty list deoptimizes: Python answers the int start.
pub fn sum(l: &mut FunctionLowerer, call: &BuiltinCall) -> Result<Parts, LowerError> {
    let Type::List(item) = &call.types[0] else {
        return Err(LowerError::Internal(format!("sum() of a {}", call.types[0])));
    };
    let list = call.scalar(0)?;
    let int_start = call.types.get(1).is_none_or(|start| start.is_integer());
    if matches!(**item, Type::Float { .. }) && int_start {
        let len = l.load(MType::I64, list, list_layout::LEN_OFFSET);
        let empty = l.icmp_imm(IntCC::Eq, len, 0);
        l.deopt_if(empty, "sum() of an empty list of floats from an int");
    }
    let start = match call.args.len() {
        2 => call.as_result(l, 1)?,
        _ if matches!(call.result, Type::Float { .. }) => l.fconst(0.0),
        _ => l.iconst(MType::I64, 0),
    };
    let total = l.new_var(if matches!(call.result, Type::Float { .. }) { MType::F64 } else { MType::I64 });
    l.emit(Op::Copy { dst: total, src: start });
    l.for_each_list_item(list, item, 0, None, &mut |l, value| {
        let added = l.binary_op(BinOp::Add, total, call.result, value, item, call.result)?;
        l.emit(Op::Copy { dst: total, src: added });
        Ok(())
    })?;
    Ok(vec![total])
}

/// `min`/`max`: Python keeps the first of equal values, so a later argument replaces the
/// best so far only when it is strictly better (`better` is that comparison).
fn extremum(l: &mut FunctionLowerer, call: &BuiltinCall, float: FloatCC, int: IntCC) -> Result<Parts, LowerError> {
    let mut best = call.as_result(l, 0)?;
    for i in 1..call.args.len() {
        let v = call.as_result(l, i)?;
        let better = match call.result {
            Type::Float { .. } => l.fcmp(float, v, best),
            // Bools are i1 in LIR, where a signed compare reads 1 as -1 (LLVM does, and
            // the LIR interpreter): `max(True, False)` gave False at tier 2.
            Type::Bool => l.icmp(unsigned(int), v, best),
            _ => l.icmp(int, v, best),
        };
        best = l.select(better, v, best);
    }
    Ok(vec![best])
}

/// The unsigned form of a signed ordering.
fn unsigned(cc: IntCC) -> IntCC {
    match cc {
        IntCC::Slt => IntCC::Ult,
        IntCC::Sle => IntCC::Ule,
        IntCC::Sgt => IntCC::Ugt,
        IntCC::Sge => IntCC::Uge,
        other => other,
    }
}

pub fn float(l: &mut FunctionLowerer, call: &BuiltinCall) -> Result<Parts, LowerError> {
    Ok(vec![call.as_result(l, 0)?])
}

pub fn bool_(l: &mut FunctionLowerer, call: &BuiltinCall) -> Result<Parts, LowerError> {
    Ok(vec![l.truth(call.scalar(0)?, &call.types[0])?])
}

/// `int(x)`: a float truncates (nan, infinities and values beyond 64 bits raise or
/// deoptimize); a bool or int is its own value.
pub fn int(l: &mut FunctionLowerer, call: &BuiltinCall) -> Result<Parts, LowerError> {
    if call.is_float(0) {
        let x = call.scalar(0)?;
        return Ok(vec![l.float_to_int(x)]);
    }
    Ok(vec![call.as_int(l, 0)?])
}

/// `round(x)` rounds half to even into an int; `round(x, n)` keeps the type of `x` and
/// rounds as CPython does (through the runtime, whose answer is correctly rounded).
pub fn round(l: &mut FunctionLowerer, call: &BuiltinCall) -> Result<Parts, LowerError> {
    match (call.args.len(), call.is_float(0)) {
        (1, true) => {
            let x = call.scalar(0)?;
            let nearest = l.unary(UnaryOp::Nearest, x, MType::F64);
            Ok(vec![l.float_to_int(nearest)])
        }
        (1, false) => Ok(vec![call.as_int(l, 0)?]),
        (_, true) => {
            let x = call.scalar(0)?;
            let digits = call.as_int(l, 1)?;
            let rounded = l.call_helper("pynum_round_ndigits", &[x, digits])?;
            // An infinity from a finite x: Python's "rounded value too large".
            l.deopt_on_float_error(rounded, &[x]);
            Ok(vec![rounded])
        }
        (_, false) => {
            let x = call.as_int(l, 0)?;
            let digits = call.as_int(l, 1)?;
            let rounded = l.call_helper("pynum_round_int_ndigits", &[x, digits])?;
            let too_big = l.icmp_imm(IntCC::Eq, rounded, i64::MIN);
            l.deopt_if(too_big, "round() of an int left 64 bits");
            Ok(vec![rounded])
        }
    }
}

/// `pow(a, b)` is `a ** b`.
pub fn pow(l: &mut FunctionLowerer, call: &BuiltinCall) -> Result<Parts, LowerError> {
    let (a, b) = (call.scalar(0)?, call.scalar(1)?);
    Ok(vec![l.binary_op(BinOp::Pow, a, &call.types[0], b, &call.types[1], call.result)?])
}

/// `divmod(a, b)` is `(a // b, a % b)`.
pub fn divmod(l: &mut FunctionLowerer, call: &BuiltinCall) -> Result<Parts, LowerError> {
    let Type::Tuple(items) = call.result else {
        return Err(LowerError::Internal("divmod returns a pair".into()));
    };
    let (a, b) = (call.scalar(0)?, call.scalar(1)?);
    let q = l.binary_op(BinOp::FloorDiv, a, &call.types[0], b, &call.types[1], &items[0])?;
    let r = l.binary_op(BinOp::Mod, a, &call.types[0], b, &call.types[1], &items[1])?;
    Ok(vec![q, r])
}

/// `range(...)`: a range state of three ints (start, stop, step); a zero step raises.
pub fn range(l: &mut FunctionLowerer, call: &BuiltinCall) -> Result<Parts, LowerError> {
    let ints: Vec<Var> = (0..call.args.len()).map(|i| call.as_int(l, i)).collect::<Result<_, _>>()?;
    let (start, stop, step) = match ints.as_slice() {
        [stop] => (l.iconst(MType::I64, 0), *stop, l.iconst(MType::I64, 1)),
        [start, stop] => (*start, *stop, l.iconst(MType::I64, 1)),
        [start, stop, step] => (*start, *stop, *step),
        _ => return Err(LowerError::Internal("range arity".into())),
    };
    let zero = l.icmp_imm(IntCC::Eq, step, 0);
    l.exit_if(zero, Status::RangeStepZero);
    Ok(vec![start, stop, step])
}

/// `np.zeros(shape, dtype)` (and `np.empty`, whose items NumPy leaves undefined: zeros
/// are a valid choice): a new C-contiguous array in the native arena
/// (`runtime::arrays`), adopted by the array object when the call returns it.
pub fn array_zeros(l: &mut FunctionLowerer, call: &BuiltinCall) -> Result<Parts, LowerError> {
    new_array(l, call)
}

/// `np.ones(shape, dtype)`: [`array_zeros`], then every item set to one.
pub fn array_ones(l: &mut FunctionLowerer, call: &BuiltinCall) -> Result<Parts, LowerError> {
    let array = new_array(l, call)?;
    let Type::Array { item, ndim, .. } = call.result else {
        return Err(LowerError::Internal(format!("np.ones typed {}", call.result)));
    };
    let one = if **item == Type::FLOAT64 { l.fconst(1.0) } else { l.iconst(MType::I64, 1) };
    // The items are packed: one loop over `size` words from the data pointer.
    let mut size = l.iconst(MType::I64, 1);
    for &n in &array[1..=*ndim as usize] {
        size = l.binary(BinaryOp::Imul, size, n);
    }
    let end_offset = l.binary_imm(BinaryOp::Ishl, size, 3);
    let end = l.binary(BinaryOp::Iadd, array[0], end_offset);
    let cursor = l.new_var(MType::Ptr);
    l.emit(Op::Copy { dst: cursor, src: array[0] });
    let (header, body, done) = (l.new_block(), l.new_block(), l.new_block());
    l.terminate(Terminator::Jump(header));
    l.switch_to(header);
    let more = l.icmp(IntCC::Ult, cursor, end);
    l.terminate(Terminator::Brif { cond: more, then: body, otherwise: done });
    l.switch_to(body);
    l.emit(Op::Store { value: one, addr: cursor, offset: 0 });
    let item_size = l.iconst(MType::I64, 8);
    let next = l.binary(BinaryOp::Iadd, cursor, item_size);
    l.emit(Op::Copy { dst: cursor, src: next });
    l.terminate(Terminator::Jump(header));
    l.switch_to(done);
    Ok(array)
}

/// The parts of a new zeroed C-contiguous array of the call's shape: NumPy's
/// `ValueError`s for a negative dimension and for a size past the address space,
/// `MemoryError` when no memory holds it.
fn new_array(l: &mut FunctionLowerer, call: &BuiltinCall) -> Result<Parts, LowerError> {
    let Type::Array { ndim, .. } = call.result else {
        return Err(LowerError::Internal(format!("an array constructor typed {}", call.result)));
    };
    let shape_types: Vec<Type> = match &call.types[0] {
        Type::Tuple(items) => items.clone(),
        one => vec![one.clone()],
    };
    if shape_types.len() != *ndim as usize || call.args[0].len() != shape_types.len() {
        return Err(LowerError::Internal("an array constructor's shape has another length".into()));
    }
    let mut shape = Vec::with_capacity(shape_types.len());
    for (&value, ty) in call.args[0].iter().zip(&shape_types) {
        let n = l.coerce(value, ty, &Type::INT64)?;
        let negative = l.icmp_imm(IntCC::Slt, n, 0);
        l.raise_if(negative, "ValueError", "negative dimensions not allowed");
        l.facts.nonnegative.insert(n);
        shape.push(n);
    }
    // Bytes: the product of the dimensions and the item size, checked for overflow.
    let mut bytes = l.iconst(MType::I64, 8);
    for &n in &shape {
        let product = l.new_var(MType::I64);
        let overflow = l.new_var(MType::I1);
        l.emit(Op::Overflow { op: OverflowOp::Smul, dst: product, overflow, lhs: bytes, rhs: n });
        l.raise_if(
            overflow,
            "ValueError",
            "array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.",
        );
        bytes = product;
    }
    let data = l.call_helper("pynum_array_new", &[bytes])?;
    l.exit_if_allocation_failed(data);
    // C order: the last axis has the item's stride, each other the next one's times its length.
    let mut strides = vec![l.iconst(MType::I64, 8); shape.len()];
    for k in (0..shape.len().saturating_sub(1)).rev() {
        strides[k] = l.binary(BinaryOp::Imul, strides[k + 1], shape[k + 1]);
    }
    let mut parts = vec![data];
    parts.extend(shape);
    parts.extend(strides);
    Ok(parts)
}

/// `enumerate(xs[, start])`: the start (0), then the iterable's parts.
pub fn enumerate(l: &mut FunctionLowerer, call: &BuiltinCall) -> Result<Parts, LowerError> {
    let start = match call.args.get(1) {
        Some(_) => call.as_int(l, 1)?,
        None => l.iconst(MType::I64, 0),
    };
    let mut parts = vec![start];
    parts.extend_from_slice(&call.args[0]);
    Ok(parts)
}

/// `zip(a, b, ...)`: each iterable's parts, in order.
pub fn zip(_: &mut FunctionLowerer, call: &BuiltinCall) -> Result<Parts, LowerError> {
    Ok(call.args.iter().flatten().copied().collect())
}
