//! NumPy 2's type promotion: the common dtype of two dtypes, Python scalars as weak
//! operands (NEP 50), and the result dtype of each operation.
//!
//! Assumes the dtypes of `abi::array_layout` only: where NumPy would answer float16 or
//! complex64, which pynum does not have, the caller gets `NotImplemented`.

use crate::array::{ArrayError, ArrayResult, DType, Value};

/// bool < signed < unsigned (only for ordering in this file) < float < complex.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    Bool,
    Int,
    UInt,
    Float,
    Complex,
}

pub fn kind(d: DType) -> Kind {
    match d {
        DType::Bool => Kind::Bool,
        DType::Int8 | DType::Int16 | DType::Int32 | DType::Int64 => Kind::Int,
        DType::UInt8 | DType::UInt16 | DType::UInt32 | DType::UInt64 => Kind::UInt,
        DType::Float32 | DType::Float64 => Kind::Float,
        DType::Complex128 => Kind::Complex,
    }
}

fn signed_of_size(bytes: usize) -> DType {
    match bytes {
        1 => DType::Int8,
        2 => DType::Int16,
        4 => DType::Int32,
        _ => DType::Int64,
    }
}

/// The smallest float NumPy gives for an integer or bool dtype in float arithmetic
/// (`np.sqrt(int16)` is float32); `None` where NumPy would answer float16.
pub fn float_for(d: DType) -> Option<DType> {
    match d {
        DType::Bool | DType::Int8 | DType::UInt8 => None,
        DType::Int16 | DType::UInt16 | DType::Float32 => Some(DType::Float32),
        DType::Complex128 => Some(DType::Complex128),
        _ => Some(DType::Float64),
    }
}

fn float16_unsupported() -> ArrayError {
    ArrayError::NotImplemented("float16 results (from bool, int8 or uint8 operands) are not supported".into())
}

/// `np.promote_types(a, b)`.
pub fn promote(a: DType, b: DType) -> ArrayResult<DType> {
    if a == b {
        return Ok(a);
    }
    let (ka, kb) = (kind(a), kind(b));
    let (lo, hi) = if ka <= kb { (a, b) } else { (b, a) };
    Ok(match (kind(lo), kind(hi)) {
        (Kind::Bool, _) => hi,
        (Kind::Int, Kind::Int) | (Kind::UInt, Kind::UInt) => {
            if a.itemsize() >= b.itemsize() {
                a
            } else {
                b
            }
        }
        (Kind::Int, Kind::UInt) => {
            if lo.itemsize() > hi.itemsize() {
                lo
            } else if hi.itemsize() < 8 {
                signed_of_size(hi.itemsize() * 2)
            } else {
                DType::Float64
            }
        }
        (Kind::Int | Kind::UInt, Kind::Float) => {
            if hi == DType::Float32 && lo.itemsize() <= 2 {
                DType::Float32
            } else {
                DType::Float64
            }
        }
        (Kind::Float, Kind::Float) => DType::Float64,
        (_, Kind::Complex) => DType::Complex128,
        _ => return Err(ArrayError::Type(format!("no common dtype for {} and {}", a.name(), b.name()))),
    })
}

/// An operand as type resolution sees it: an array's dtype, or a Python scalar.
#[derive(Debug, Clone, Copy)]
pub enum Operand {
    Strong(DType),
    Weak(Value),
}

fn int_fits(v: Value, d: DType) -> bool {
    let (lo, hi): (i128, i128) = match d {
        DType::Int8 => (-128, 127),
        DType::Int16 => (-32768, 32767),
        DType::Int32 => (i32::MIN as i128, i32::MAX as i128),
        DType::Int64 => (i64::MIN as i128, i64::MAX as i128),
        DType::UInt8 => (0, 255),
        DType::UInt16 => (0, 65535),
        DType::UInt32 => (0, u32::MAX as i128),
        DType::UInt64 => (0, u64::MAX as i128),
        _ => return true,
    };
    let x = match v {
        Value::Int(i) => i as i128,
        Value::UInt(u) => u as i128,
        _ => return true,
    };
    lo <= x && x <= hi
}

/// The dtype a weak Python scalar takes next to a strong dtype (NEP 50), checking that a
/// Python int fits an integer dtype as NumPy 2 does.
pub fn weak_dtype(v: Value, strong: DType) -> ArrayResult<DType> {
    let k = kind(strong);
    Ok(match v {
        Value::Bool(_) => strong,
        Value::Int(_) | Value::UInt(_) => match k {
            Kind::Bool => {
                if matches!(v, Value::UInt(_)) {
                    DType::UInt64
                } else {
                    DType::Int64
                }
            }
            Kind::Int | Kind::UInt => {
                if !int_fits(v, strong) {
                    let shown = match v {
                        Value::Int(i) => i.to_string(),
                        Value::UInt(u) => u.to_string(),
                        _ => unreachable!("matched an int above"),
                    };
                    return Err(ArrayError::Overflow(format!(
                        "Python integer {shown} out of bounds for {}",
                        strong.name()
                    )));
                }
                strong
            }
            _ => strong,
        },
        Value::Float(_) => match k {
            Kind::Bool | Kind::Int | Kind::UInt => DType::Float64,
            _ => strong,
        },
        Value::Complex(..) => match strong {
            DType::Float32 => return Err(ArrayError::NotImplemented("complex64 results are not supported".into())),
            _ => DType::Complex128,
        },
    })
}

/// The dtype a lone Python scalar has (`np.asarray(1.5).dtype`).
pub fn default_dtype(v: Value) -> DType {
    match v {
        Value::Bool(_) => DType::Bool,
        Value::Int(_) => DType::Int64,
        Value::UInt(_) => DType::UInt64,
        Value::Float(_) => DType::Float64,
        Value::Complex(..) => DType::Complex128,
    }
}

/// The common dtype of two operands, at least one of them strong.
pub fn common(a: Operand, b: Operand) -> ArrayResult<DType> {
    match (a, b) {
        (Operand::Strong(x), Operand::Strong(y)) => promote(x, y),
        (Operand::Strong(x), Operand::Weak(v)) | (Operand::Weak(v), Operand::Strong(x)) => weak_dtype(v, x),
        (Operand::Weak(x), Operand::Weak(y)) => promote(default_dtype(x), default_dtype(y)),
    }
}

/// Binary operations of `_numpy.binary`, by NumPy's ufunc names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Subtract,
    Multiply,
    TrueDivide,
    FloorDivide,
    Remainder,
    Power,
    Maximum,
    Minimum,
    Fmax,
    Fmin,
    Equal,
    NotEqual,
    Less,
    LessEqual,
    Greater,
    GreaterEqual,
    BitwiseAnd,
    BitwiseOr,
    BitwiseXor,
    LeftShift,
    RightShift,
    Arctan2,
    Hypot,
    Copysign,
    LogicalAnd,
    LogicalOr,
    LogicalXor,
}

impl BinOp {
    pub const ALL: [BinOp; 28] = [
        BinOp::Add,
        BinOp::Subtract,
        BinOp::Multiply,
        BinOp::TrueDivide,
        BinOp::FloorDivide,
        BinOp::Remainder,
        BinOp::Power,
        BinOp::Maximum,
        BinOp::Minimum,
        BinOp::Fmax,
        BinOp::Fmin,
        BinOp::Equal,
        BinOp::NotEqual,
        BinOp::Less,
        BinOp::LessEqual,
        BinOp::Greater,
        BinOp::GreaterEqual,
        BinOp::BitwiseAnd,
        BinOp::BitwiseOr,
        BinOp::BitwiseXor,
        BinOp::LeftShift,
        BinOp::RightShift,
        BinOp::Arctan2,
        BinOp::Hypot,
        BinOp::Copysign,
        BinOp::LogicalAnd,
        BinOp::LogicalOr,
        BinOp::LogicalXor,
    ];

    pub fn name(self) -> &'static str {
        match self {
            BinOp::Add => "add",
            BinOp::Subtract => "subtract",
            BinOp::Multiply => "multiply",
            BinOp::TrueDivide => "divide",
            BinOp::FloorDivide => "floor_divide",
            BinOp::Remainder => "remainder",
            BinOp::Power => "power",
            BinOp::Maximum => "maximum",
            BinOp::Minimum => "minimum",
            BinOp::Fmax => "fmax",
            BinOp::Fmin => "fmin",
            BinOp::Equal => "equal",
            BinOp::NotEqual => "not_equal",
            BinOp::Less => "less",
            BinOp::LessEqual => "less_equal",
            BinOp::Greater => "greater",
            BinOp::GreaterEqual => "greater_equal",
            BinOp::BitwiseAnd => "bitwise_and",
            BinOp::BitwiseOr => "bitwise_or",
            BinOp::BitwiseXor => "bitwise_xor",
            BinOp::LeftShift => "left_shift",
            BinOp::RightShift => "right_shift",
            BinOp::Arctan2 => "arctan2",
            BinOp::Hypot => "hypot",
            BinOp::Copysign => "copysign",
            BinOp::LogicalAnd => "logical_and",
            BinOp::LogicalOr => "logical_or",
            BinOp::LogicalXor => "logical_xor",
        }
    }

    pub fn from_name(name: &str) -> Option<BinOp> {
        BinOp::ALL.into_iter().find(|op| op.name() == name)
    }

    pub fn is_comparison(self) -> bool {
        matches!(
            self,
            BinOp::Equal | BinOp::NotEqual | BinOp::Less | BinOp::LessEqual | BinOp::Greater | BinOp::GreaterEqual
        )
    }
}

/// NumPy's `UFuncTypeError` text for a loop that does not exist.
pub fn no_loop(op: BinOp) -> ArrayError {
    ArrayError::Type(format!(
        "ufunc '{}' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''",
        op.name()
    ))
}

/// `(dtype the loop computes in, dtype of the result)` for `op` on two operands.
pub fn resolve_binary(op: BinOp, a: Operand, b: Operand) -> ArrayResult<(DType, DType)> {
    if op.is_comparison() {
        // Comparisons with a Python int outside the array's range compare values, as
        // NumPy 2 does; computing in int64/float64 gives that.
        let common = match (a, b) {
            (Operand::Strong(x), Operand::Weak(v)) | (Operand::Weak(v), Operand::Strong(x))
                if matches!(v, Value::Int(_) | Value::UInt(_)) && matches!(kind(x), Kind::Int | Kind::UInt) =>
            {
                weak_dtype(v, x).or_else(|_| promote(x, default_dtype(v)))?
            }
            _ => common(a, b)?,
        };
        return Ok((common, DType::Bool));
    }
    let common = common(a, b)?;
    let k = kind(common);
    let out = match op {
        BinOp::Add | BinOp::Multiply | BinOp::Maximum | BinOp::Minimum | BinOp::Fmax | BinOp::Fmin => common,
        BinOp::Subtract => {
            if k == Kind::Bool {
                return Err(ArrayError::Type("numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` operator, or the logical_xor function instead.".into()));
            }
            common
        }
        BinOp::TrueDivide => match k {
            Kind::Bool | Kind::Int | Kind::UInt => DType::Float64,
            _ => common,
        },
        BinOp::FloorDivide | BinOp::Remainder | BinOp::Power => match k {
            Kind::Bool => DType::Int8,
            Kind::Complex if op != BinOp::Power => return Err(no_loop(op)),
            _ => common,
        },
        BinOp::BitwiseAnd | BinOp::BitwiseOr | BinOp::BitwiseXor | BinOp::LeftShift | BinOp::RightShift => match k {
            Kind::Bool if matches!(op, BinOp::LeftShift | BinOp::RightShift) => DType::Int8,
            Kind::Bool | Kind::Int | Kind::UInt => common,
            _ => return Err(no_loop(op)),
        },
        BinOp::Arctan2 | BinOp::Hypot | BinOp::Copysign => match k {
            Kind::Complex => return Err(no_loop(op)),
            _ => float_for(common).ok_or_else(float16_unsupported)?,
        },
        BinOp::LogicalAnd | BinOp::LogicalOr | BinOp::LogicalXor => DType::Bool,
        BinOp::Equal | BinOp::NotEqual | BinOp::Less | BinOp::LessEqual | BinOp::Greater | BinOp::GreaterEqual => {
            DType::Bool
        }
    };
    let compute = if matches!(op, BinOp::LogicalAnd | BinOp::LogicalOr | BinOp::LogicalXor) { common } else { out };
    let compute = if op == BinOp::TrueDivide || matches!(op, BinOp::Arctan2 | BinOp::Hypot | BinOp::Copysign) {
        out
    } else if matches!(op, BinOp::FloorDivide | BinOp::Remainder | BinOp::Power | BinOp::LeftShift | BinOp::RightShift)
        && k == Kind::Bool
    {
        DType::Int8
    } else {
        compute
    };
    Ok((compute, out))
}

/// Unary operations of `_numpy.unary`, by NumPy's ufunc names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnOp {
    Negative,
    Positive,
    Absolute,
    Invert,
    Sqrt,
    Exp,
    Log,
    Log2,
    Log10,
    Log1p,
    Expm1,
    Sin,
    Cos,
    Tan,
    Arcsin,
    Arccos,
    Arctan,
    Sinh,
    Cosh,
    Tanh,
    Floor,
    Ceil,
    Trunc,
    Rint,
    Sign,
    Isnan,
    Isinf,
    Isfinite,
    LogicalNot,
    Square,
}

impl UnOp {
    pub const ALL: [UnOp; 30] = [
        UnOp::Negative,
        UnOp::Positive,
        UnOp::Absolute,
        UnOp::Invert,
        UnOp::Sqrt,
        UnOp::Exp,
        UnOp::Log,
        UnOp::Log2,
        UnOp::Log10,
        UnOp::Log1p,
        UnOp::Expm1,
        UnOp::Sin,
        UnOp::Cos,
        UnOp::Tan,
        UnOp::Arcsin,
        UnOp::Arccos,
        UnOp::Arctan,
        UnOp::Sinh,
        UnOp::Cosh,
        UnOp::Tanh,
        UnOp::Floor,
        UnOp::Ceil,
        UnOp::Trunc,
        UnOp::Rint,
        UnOp::Sign,
        UnOp::Isnan,
        UnOp::Isinf,
        UnOp::Isfinite,
        UnOp::LogicalNot,
        UnOp::Square,
    ];

    pub fn name(self) -> &'static str {
        match self {
            UnOp::Negative => "negative",
            UnOp::Positive => "positive",
            UnOp::Absolute => "absolute",
            UnOp::Invert => "invert",
            UnOp::Sqrt => "sqrt",
            UnOp::Exp => "exp",
            UnOp::Log => "log",
            UnOp::Log2 => "log2",
            UnOp::Log10 => "log10",
            UnOp::Log1p => "log1p",
            UnOp::Expm1 => "expm1",
            UnOp::Sin => "sin",
            UnOp::Cos => "cos",
            UnOp::Tan => "tan",
            UnOp::Arcsin => "arcsin",
            UnOp::Arccos => "arccos",
            UnOp::Arctan => "arctan",
            UnOp::Sinh => "sinh",
            UnOp::Cosh => "cosh",
            UnOp::Tanh => "tanh",
            UnOp::Floor => "floor",
            UnOp::Ceil => "ceil",
            UnOp::Trunc => "trunc",
            UnOp::Rint => "rint",
            UnOp::Sign => "sign",
            UnOp::Isnan => "isnan",
            UnOp::Isinf => "isinf",
            UnOp::Isfinite => "isfinite",
            UnOp::LogicalNot => "logical_not",
            UnOp::Square => "square",
        }
    }

    pub fn from_name(name: &str) -> Option<UnOp> {
        UnOp::ALL.into_iter().find(|op| op.name() == name)
    }

    /// Computed on floats (an integer operand is converted first).
    pub fn is_float_math(self) -> bool {
        use UnOp::*;
        matches!(
            self,
            Sqrt | Exp
                | Log
                | Log2
                | Log10
                | Log1p
                | Expm1
                | Sin
                | Cos
                | Tan
                | Arcsin
                | Arccos
                | Arctan
                | Sinh
                | Cosh
                | Tanh
        )
    }
}

/// `(dtype the loop computes in, dtype of the result)` for `op` on an array of `d`.
pub fn resolve_unary(op: UnOp, d: DType) -> ArrayResult<(DType, DType)> {
    let k = kind(d);
    let unsupported = || {
        ArrayError::Type(format!(
            "ufunc '{}' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''",
            op.name()
        ))
    };
    Ok(match op {
        UnOp::Negative if k == Kind::Bool => {
            return Err(ArrayError::Type("The numpy boolean negative, the `-` operator, is not supported, use the `~` operator or the logical_not function instead.".into()))
        }
        UnOp::Square if k == Kind::Bool => (DType::Int8, DType::Int8),
        UnOp::Negative | UnOp::Positive | UnOp::Square => (d, d),
        UnOp::Absolute => match k {
            Kind::Complex => (d, DType::Float64),
            _ => (d, d),
        },
        UnOp::Invert => match k {
            Kind::Bool | Kind::Int | Kind::UInt => (d, d),
            _ => return Err(unsupported()),
        },
        UnOp::Isnan | UnOp::Isinf | UnOp::Isfinite => (d, DType::Bool),
        UnOp::LogicalNot => (d, DType::Bool),
        UnOp::Sign => match k {
            Kind::Bool => return Err(unsupported()),
            _ => (d, d),
        },
        // NumPy 2.3 and later keep integer and bool dtypes for these three.
        UnOp::Floor | UnOp::Ceil | UnOp::Trunc => match k {
            Kind::Complex => return Err(unsupported()),
            _ => (d, d),
        },
        UnOp::Rint => match k {
            Kind::Complex => return Err(unsupported()),
            _ => {
                let f = float_for(d).ok_or_else(float16_unsupported)?;
                (f, f)
            }
        },
        _ => {
            if k == Kind::Complex {
                return Err(ArrayError::NotImplemented(format!("{} of complex arrays", op.name())));
            }
            let f = float_for(d).ok_or_else(float16_unsupported)?;
            (f, f)
        }
    })
}
