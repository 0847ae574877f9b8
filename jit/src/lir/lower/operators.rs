//! How each binary operator lowers to LIR, per operand kind: one function per entry of
//! the ops registry's operator table ([`crate::ops::OPERATORS`]), as Numba keeps one
//! lowering per operator and type signature.
//!
//! Assumes the typing rule chose the result type from the entry (a bool result for two
//! bools, else `int64` or `float64`), so the function called matches the operands' kind.
//! Under automatic mode an int result that would leave 64 bits deoptimizes (Python's
//! ints are unbounded); under `@njit` it wraps, as Numba's does.

use super::{FunctionLowerer, LowerError};
use crate::ir::BinOp;
use crate::lir::{BinaryOp, FloatCC, IntCC, MType, Op, OverflowOp, UnaryOp, Var};
use crate::types::Type;
use pynum_runtime::Status;

/// An operator's operands as the typed IR gives them, and the result type.
pub struct Operands<'t> {
    pub a: Var,
    pub ta: &'t Type,
    pub b: Var,
    pub tb: &'t Type,
    pub result: &'t Type,
}

impl Operands<'_> {
    /// Both operands as `int64` (bools promoted).
    fn ints(&self, l: &mut FunctionLowerer) -> Result<(Var, Var), LowerError> {
        Ok((l.coerce(self.a, self.ta, &Type::INT64)?, l.coerce(self.b, self.tb, &Type::INT64)?))
    }

    /// Both operands as the (float) result type.
    fn floats(&self, l: &mut FunctionLowerer) -> Result<(Var, Var), LowerError> {
        Ok((l.coerce(self.a, self.ta, self.result)?, l.coerce(self.b, self.tb, self.result)?))
    }
}

/// How an operator lowers on one kind of operands.
pub type OperatorLowering = fn(&mut FunctionLowerer, &Operands) -> Result<Var, LowerError>;

// Bools: `&`, `|`, `^` of two bools is a bool.

pub fn bool_and(l: &mut FunctionLowerer, o: &Operands) -> Result<Var, LowerError> {
    Ok(l.binary(BinaryOp::Band, o.a, o.b))
}

pub fn bool_or(l: &mut FunctionLowerer, o: &Operands) -> Result<Var, LowerError> {
    Ok(l.binary(BinaryOp::Bor, o.a, o.b))
}

pub fn bool_xor(l: &mut FunctionLowerer, o: &Operands) -> Result<Var, LowerError> {
    Ok(l.binary(BinaryOp::Bxor, o.a, o.b))
}

// Ints.

pub fn int_add(l: &mut FunctionLowerer, o: &Operands) -> Result<Var, LowerError> {
    checked(l, o, OverflowOp::Sadd, BinaryOp::Iadd)
}

pub fn int_sub(l: &mut FunctionLowerer, o: &Operands) -> Result<Var, LowerError> {
    checked(l, o, OverflowOp::Ssub, BinaryOp::Isub)
}

pub fn int_mul(l: &mut FunctionLowerer, o: &Operands) -> Result<Var, LowerError> {
    checked(l, o, OverflowOp::Smul, BinaryOp::Imul)
}

/// `+`, `-`, `*` of ints: checked under Python's semantics (an int beyond 64 bits
/// deoptimizes), wrapping under `@njit`'s.
fn checked(
    l: &mut FunctionLowerer,
    o: &Operands,
    overflow_op: OverflowOp,
    wrapping: BinaryOp,
) -> Result<Var, LowerError> {
    let (x, y) = o.ints(l)?;
    if !l.python {
        return Ok(l.binary(wrapping, x, y));
    }
    let (dst, overflow) = (l.new_var(MType::I64), l.new_var(MType::I1));
    l.emit(Op::Overflow { op: overflow_op, dst, overflow, lhs: x, rhs: y });
    l.exit_if_because(overflow, Status::Deopt, "an int left 64 bits");
    // The result is exact: a square, or a sum or product of non-negative ints, is not
    // negative.
    let nonnegative = match overflow_op {
        OverflowOp::Smul if x == y => true,
        OverflowOp::Sadd | OverflowOp::Smul => l.known_nonnegative(x) && l.known_nonnegative(y),
        OverflowOp::Ssub => false,
    };
    if nonnegative {
        l.facts.nonnegative.insert(dst);
    }
    Ok(dst)
}

pub fn int_and(l: &mut FunctionLowerer, o: &Operands) -> Result<Var, LowerError> {
    let (x, y) = o.ints(l)?;
    Ok(l.binary(BinaryOp::Band, x, y))
}

pub fn int_or(l: &mut FunctionLowerer, o: &Operands) -> Result<Var, LowerError> {
    let (x, y) = o.ints(l)?;
    Ok(l.binary(BinaryOp::Bor, x, y))
}

pub fn int_xor(l: &mut FunctionLowerer, o: &Operands) -> Result<Var, LowerError> {
    let (x, y) = o.ints(l)?;
    Ok(l.binary(BinaryOp::Bxor, x, y))
}

pub fn int_floordiv(l: &mut FunctionLowerer, o: &Operands) -> Result<Var, LowerError> {
    floor_division(l, o, BinOp::FloorDiv)
}

pub fn int_mod(l: &mut FunctionLowerer, o: &Operands) -> Result<Var, LowerError> {
    floor_division(l, o, BinOp::Mod)
}

/// `//` and `%` of ints, rounding toward negative infinity as Python does.
fn floor_division(l: &mut FunctionLowerer, o: &Operands, op: BinOp) -> Result<Var, LowerError> {
    let (x, y) = o.ints(l)?;
    if let Some(divisor) = l.constant(y).filter(|&c| c > 0) {
        return Ok(l.divide_by_positive_constant(op, x, y, divisor));
    }
    let is_zero = l.icmp_imm(IntCC::Eq, y, 0);
    let by_zero = if op == BinOp::FloorDiv { Status::IntegerDivisionByZero } else { Status::IntegerModuloByZero };
    zero_divisor_exit(l, is_zero, by_zero);
    // `i64::MIN / -1` traps in hardware; Numba answers 0 for `//` (and 0 for `%`), and
    // Python an int beyond 64 bits.
    let minus_one = l.icmp_imm(IntCC::Eq, y, -1);
    if l.python && op == BinOp::FloorDiv {
        let is_min = l.icmp_imm(IntCC::Eq, x, i64::MIN);
        let overflow = l.and(is_min, minus_one);
        l.exit_if_because(overflow, Status::Deopt, "-2**63 // -1 leaves 64 bits");
    }
    let one = l.iconst(MType::I64, 1);
    let safe_y = l.select(minus_one, one, y);
    let q = l.binary(BinaryOp::Sdiv, x, safe_y);
    let r = l.binary(BinaryOp::Srem, x, safe_y);
    // Floor: when the remainder is non-zero and its sign differs from the divisor's.
    let nonzero = l.icmp_imm(IntCC::Ne, r, 0);
    let signs = l.binary(BinaryOp::Bxor, r, safe_y);
    let differ = l.icmp_imm(IntCC::Slt, signs, 0);
    let adjust = l.and(nonzero, differ);
    let adjust_wide = l.unary(UnaryOp::Uextend, adjust, MType::I64);
    Ok(if op == BinOp::FloorDiv {
        let q_floor = l.binary(BinaryOp::Isub, q, adjust_wide);
        let negated = l.unary(UnaryOp::Ineg, x, MType::I64);
        let by_minus_one = if l.python {
            negated
        } else {
            let is_min = l.icmp_imm(IntCC::Eq, x, i64::MIN);
            let zero = l.iconst(MType::I64, 0);
            l.select(is_min, zero, negated)
        };
        l.select(minus_one, by_minus_one, q_floor)
    } else {
        let r_add = l.binary(BinaryOp::Imul, adjust_wide, safe_y);
        let r_floor = l.binary(BinaryOp::Iadd, r, r_add);
        let zero = l.iconst(MType::I64, 0);
        l.select(minus_one, zero, r_floor)
    })
}

/// `**` of ints: a negative exponent makes a float in Python (its own exit), and a
/// power beyond 64 bits deoptimizes under Python's semantics. Under `@njit` the result is
/// an int64 as in Numba: a negative exponent gives 1 for a base of 1, -1 or 1 for -1 (as
/// the exponent is odd or even), 0 for any other base, and raises Numba's
/// `ZeroDivisionError` for a base of 0.
pub fn int_pow(l: &mut FunctionLowerer, o: &Operands) -> Result<Var, LowerError> {
    let (x, y) = o.ints(l)?;
    let negative = l.icmp_imm(IntCC::Slt, y, 0);
    if l.python {
        l.exit_if_because(negative, Status::Deopt, "a negative exponent makes a float");
        let fits = l.call_helper("pynum_int_pow_fits", &[x, y])?;
        let overflow = l.icmp_imm(IntCC::Eq, fits, 0);
        l.exit_if_because(overflow, Status::Deopt, "a power left 64 bits");
        return l.call_helper("pynum_int_pow", &[x, y]);
    }
    let zero_base = l.icmp_imm(IntCC::Eq, x, 0);
    let zero_to_negative = l.and(negative, zero_base);
    l.exit_if(zero_to_negative, Status::NegativePower);
    let zero = l.iconst(MType::I64, 0);
    let exponent = l.select(negative, zero, y);
    let power = l.call_helper("pynum_int_pow", &[x, exponent])?;
    let one = l.iconst(MType::I64, 1);
    let minus_one = l.iconst(MType::I64, -1);
    let odd_bit = l.binary(BinaryOp::Band, y, one);
    let odd = l.icmp_imm(IntCC::Ne, odd_bit, 0);
    let of_minus_one = l.select(odd, minus_one, one);
    let base_one = l.icmp_imm(IntCC::Eq, x, 1);
    let base_minus_one = l.icmp_imm(IntCC::Eq, x, -1);
    let of_other = l.select(base_minus_one, of_minus_one, zero);
    let reciprocal = l.select(base_one, one, of_other);
    Ok(l.select(negative, reciprocal, power))
}

pub fn int_lshift(l: &mut FunctionLowerer, o: &Operands) -> Result<Var, LowerError> {
    shift(l, o, true)
}

pub fn int_rshift(l: &mut FunctionLowerer, o: &Operands) -> Result<Var, LowerError> {
    shift(l, o, false)
}

/// `<<` and `>>`: a negative count raises; a count past 63 shifts everything out.
fn shift(l: &mut FunctionLowerer, o: &Operands, left: bool) -> Result<Var, LowerError> {
    let (x, y) = o.ints(l)?;
    let negative = l.icmp_imm(IntCC::Slt, y, 0);
    l.exit_if(negative, Status::NegativeShift);
    let big = l.icmp_imm(IntCC::Sgt, y, 63);
    let sixty_three = l.iconst(MType::I64, 63);
    let count = l.select(big, sixty_three, y);
    if !left {
        return Ok(l.binary(BinaryOp::Sshr, x, count));
    }
    let shifted = l.binary(BinaryOp::Ishl, x, count);
    if l.python {
        // Bits shifted out (or a shift past 63 of a non-zero value) make an int beyond
        // 64 bits in Python.
        let back = l.binary(BinaryOp::Sshr, shifted, count);
        let lost = l.icmp(IntCC::Ne, back, x);
        let nonzero = l.icmp_imm(IntCC::Ne, x, 0);
        let too_far = l.and(big, nonzero);
        let overflow = l.or(lost, too_far);
        l.exit_if_because(overflow, Status::Deopt, "a left shift left 64 bits");
    }
    let zero = l.iconst(MType::I64, 0);
    Ok(l.select(big, zero, shifted))
}

// Floats (an int operand converted; a float result of two ints is `/`).

pub fn float_add(l: &mut FunctionLowerer, o: &Operands) -> Result<Var, LowerError> {
    let (x, y) = o.floats(l)?;
    Ok(l.binary(BinaryOp::Fadd, x, y))
}

pub fn float_sub(l: &mut FunctionLowerer, o: &Operands) -> Result<Var, LowerError> {
    let (x, y) = o.floats(l)?;
    Ok(l.binary(BinaryOp::Fsub, x, y))
}

pub fn float_mul(l: &mut FunctionLowerer, o: &Operands) -> Result<Var, LowerError> {
    let (x, y) = o.floats(l)?;
    Ok(l.binary(BinaryOp::Fmul, x, y))
}

/// `/`: of two ints Python divides exactly and rounds once, so an int that a float does
/// not hold exactly deoptimizes.
pub fn float_truediv(l: &mut FunctionLowerer, o: &Operands) -> Result<Var, LowerError> {
    if o.ta.is_integer() && o.tb.is_integer() {
        l.deopt_unless_exact_float(o.a, o.ta);
        l.deopt_unless_exact_float(o.b, o.tb);
    }
    let (x, y) = nonzero_divisor(l, o, Status::ZeroDivision)?;
    Ok(l.binary(BinaryOp::Fdiv, x, y))
}

pub fn float_floordiv(l: &mut FunctionLowerer, o: &Operands) -> Result<Var, LowerError> {
    let (x, y) = nonzero_divisor(l, o, Status::ZeroDivision)?;
    l.call_helper("pynum_float_floordiv", &[x, y])
}

pub fn float_mod(l: &mut FunctionLowerer, o: &Operands) -> Result<Var, LowerError> {
    let (x, y) = nonzero_divisor(l, o, Status::ModuloByZero)?;
    l.call_helper("pynum_float_mod", &[x, y])
}

/// The operands as floats, having raised `ZeroDivisionError` (`by_zero` under `@njit`)
/// for a zero divisor.
fn nonzero_divisor(l: &mut FunctionLowerer, o: &Operands, by_zero: Status) -> Result<(Var, Var), LowerError> {
    let (x, y) = o.floats(l)?;
    let zero = l.fconst(0.0);
    let is_zero = l.fcmp(FloatCC::Eq, y, zero);
    zero_divisor_exit(l, is_zero, by_zero);
    Ok((x, y))
}

/// Leaves when `is_zero`: `@njit` raises Numba's `ZeroDivisionError` with its message for
/// the operator (`by_zero`: "integer division by zero" for `//` of ints, "integer modulo
/// by zero", "modulo by zero" for `%` of floats, "division by zero" otherwise);
/// automatic mode hands the division to the interpreter, which raises CPython's message
/// for the type and the operator.
fn zero_divisor_exit(l: &mut FunctionLowerer, is_zero: Var, by_zero: Status) {
    let status = l.speculation(by_zero);
    l.exit_if_because(is_zero, status, "a zero divisor");
}

/// `**` of floats: `math.pow`'s helper, with Python's domain and range errors.
pub fn float_pow(l: &mut FunctionLowerer, o: &Operands) -> Result<Var, LowerError> {
    let (x, y) = o.floats(l)?;
    let r = l.call_helper(l.math_symbol("pow")?, &[x, y])?;
    l.deopt_on_float_error(r, &[x, y]);
    Ok(r)
}
