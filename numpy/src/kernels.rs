//! The loops: elementwise binary and unary operations with broadcasting, reductions
//! along axes, and products. Each loop is monomorphized for its item type and operation
//! (no per-item dispatch); contiguous runs get plain slice loops the compiler vectorizes,
//! anything else a strided loop.
//!
//! Assumes its operands' dtypes were resolved by `promotion.rs`: the loop's item type is
//! the compute dtype, and every array handed in satisfies `abi::array_layout`.

use crate::array::{c_strides, checked_size, Array, ArrayError, ArrayResult, DType, Value};
use crate::promotion::{resolve_binary, resolve_unary, BinOp, Kind, Operand, UnOp};

/// complex128's item: real part first (requirement 3 of `abi::array_layout`).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
#[repr(C)]
pub struct C128 {
    pub re: f64,
    pub im: f64,
}

/// An item type loops compute in, with NumPy's semantics for each operation.
pub trait Num: Copy + Default + PartialOrd + 'static {
    const DTYPE: DType;
    fn from_value(v: Value) -> Self;
    fn to_value(self) -> Value;
    fn binary(self, op: BinOp, other: Self) -> Self;
    fn compare(self, op: BinOp, other: Self) -> bool;
    fn unary(self, op: UnOp) -> Self;
    fn test(self, op: UnOp) -> bool;
    fn is_nan(self) -> bool;
    fn zero() -> Self;
    fn one() -> Self;
}

fn logical(op: BinOp, a: bool, b: bool) -> bool {
    match op {
        BinOp::LogicalAnd => a && b,
        BinOp::LogicalOr => a || b,
        _ => a != b,
    }
}

fn compare_ord<T: PartialOrd>(op: BinOp, a: T, b: T) -> bool {
    match op {
        BinOp::Equal => a == b,
        BinOp::NotEqual => a != b,
        BinOp::Less => a < b,
        BinOp::LessEqual => a <= b,
        BinOp::Greater => a > b,
        BinOp::GreaterEqual => a >= b,
        _ => false,
    }
}

macro_rules! int_num {
    ($t:ty, $d:expr, $signed:expr, $get:ident) => {
        impl Num for $t {
            const DTYPE: DType = $d;
            fn from_value(v: Value) -> Self {
                v.$get() as $t
            }
            fn to_value(self) -> Value {
                if $signed {
                    Value::Int(self as i64)
                } else {
                    Value::UInt(self as u64)
                }
            }
            #[inline(always)]
            #[allow(unused_comparisons)]
            fn binary(self, op: BinOp, b: Self) -> Self {
                let a = self;
                match op {
                    BinOp::Add => a.wrapping_add(b),
                    BinOp::Subtract => a.wrapping_sub(b),
                    BinOp::Multiply => a.wrapping_mul(b),
                    BinOp::FloorDivide => {
                        if b == 0 {
                            crate::fpe::raise(crate::fpe::DIVIDE);
                            0
                        } else {
                            let q = a.wrapping_div(b);
                            // `MIN // -1` wraps to MIN, as NumPy's does, with its warning.
                            if $signed && q == a && a != 0 && b != 1 && b.wrapping_add(1) == 0 {
                                crate::fpe::raise(crate::fpe::OVERFLOW);
                            }
                            if (a.wrapping_rem(b) != 0) && ((a < 0) != (b < 0)) {
                                q.wrapping_sub(1)
                            } else {
                                q
                            }
                        }
                    }
                    BinOp::Remainder => {
                        if b == 0 {
                            crate::fpe::raise(crate::fpe::DIVIDE);
                            0
                        } else {
                            let r = a.wrapping_rem(b);
                            if r != 0 && ((r < 0) != (b < 0)) {
                                r.wrapping_add(b)
                            } else {
                                r
                            }
                        }
                    }
                    BinOp::Power => {
                        let (mut base, mut exp, mut acc) = (a, b as i128, 1 as $t);
                        while exp > 0 {
                            if exp & 1 == 1 {
                                acc = acc.wrapping_mul(base);
                            }
                            base = base.wrapping_mul(base);
                            exp >>= 1;
                        }
                        acc
                    }
                    BinOp::Maximum | BinOp::Fmax => {
                        if a >= b {
                            a
                        } else {
                            b
                        }
                    }
                    BinOp::Minimum | BinOp::Fmin => {
                        if a <= b {
                            a
                        } else {
                            b
                        }
                    }
                    BinOp::BitwiseAnd => a & b,
                    BinOp::BitwiseOr => a | b,
                    BinOp::BitwiseXor => a ^ b,
                    BinOp::LeftShift => {
                        if (b as i128) < 0 || (b as i128) >= <$t>::BITS as i128 {
                            0
                        } else {
                            a << b
                        }
                    }
                    BinOp::RightShift => {
                        if (b as i128) < 0 || (b as i128) >= <$t>::BITS as i128 {
                            if $signed && (a as i128) < 0 {
                                !0
                            } else {
                                0
                            }
                        } else {
                            a >> b
                        }
                    }
                    _ => 0,
                }
            }
            fn compare(self, op: BinOp, b: Self) -> bool {
                match op {
                    BinOp::LogicalAnd | BinOp::LogicalOr | BinOp::LogicalXor => logical(op, self != 0, b != 0),
                    _ => compare_ord(op, self, b),
                }
            }
            #[allow(unused_comparisons)]
            fn unary(self, op: UnOp) -> Self {
                match op {
                    UnOp::Negative => (0 as $t).wrapping_sub(self),
                    UnOp::Absolute => {
                        if self < 0 {
                            (0 as $t).wrapping_sub(self)
                        } else {
                            self
                        }
                    }
                    UnOp::Invert => !self,
                    UnOp::Square => self.wrapping_mul(self),
                    UnOp::Sign => {
                        if self > 0 {
                            1
                        } else if self == 0 {
                            0
                        } else {
                            (0 as $t).wrapping_sub(1)
                        }
                    }
                    _ => self,
                }
            }
            fn test(self, op: UnOp) -> bool {
                match op {
                    UnOp::Isfinite => true,
                    UnOp::LogicalNot => self == 0,
                    _ => false,
                }
            }
            fn is_nan(self) -> bool {
                false
            }
            fn zero() -> Self {
                0
            }
            fn one() -> Self {
                1
            }
        }
    };
}

int_num!(i8, DType::Int8, true, as_i64);
int_num!(i16, DType::Int16, true, as_i64);
int_num!(i32, DType::Int32, true, as_i64);
int_num!(i64, DType::Int64, true, as_i64);
int_num!(u8, DType::UInt8, false, as_u64);
int_num!(u16, DType::UInt16, false, as_u64);
int_num!(u32, DType::UInt32, false, as_u64);
int_num!(u64, DType::UInt64, false, as_u64);

fn float_math(op: UnOp, x: f64) -> f64 {
    match op {
        UnOp::Sqrt => x.sqrt(),
        UnOp::Exp => x.exp(),
        UnOp::Log => x.ln(),
        UnOp::Log2 => x.log2(),
        UnOp::Log10 => x.log10(),
        UnOp::Log1p => x.ln_1p(),
        UnOp::Expm1 => x.exp_m1(),
        UnOp::Sin => x.sin(),
        UnOp::Cos => x.cos(),
        UnOp::Tan => x.tan(),
        UnOp::Arcsin => x.asin(),
        UnOp::Arccos => x.acos(),
        UnOp::Arctan => x.atan(),
        UnOp::Sinh => x.sinh(),
        UnOp::Cosh => x.cosh(),
        UnOp::Tanh => x.tanh(),
        UnOp::Floor => x.floor(),
        UnOp::Ceil => x.ceil(),
        UnOp::Trunc => x.trunc(),
        UnOp::Rint => x.round_ties_even(),
        UnOp::Negative => -x,
        UnOp::Positive => x,
        UnOp::Absolute => x.abs(),
        UnOp::Square => x * x,
        UnOp::Sign => {
            if x > 0.0 {
                1.0
            } else if x < 0.0 {
                -1.0
            } else if x == 0.0 {
                // NumPy's sign of either zero is +0.0.
                0.0
            } else {
                // NaN stays NaN.
                x
            }
        }
        _ => x,
    }
}

fn float_binary(op: BinOp, a: f64, b: f64) -> f64 {
    match op {
        BinOp::Add => a + b,
        BinOp::Subtract => a - b,
        BinOp::Multiply => a * b,
        BinOp::TrueDivide => a / b,
        // NumPy's `npy_floor_divide`: by zero, `a / b` (an infinity or NaN, raising the
        // division or invalid flag as the division does).
        BinOp::FloorDivide if b == 0.0 => a / b,
        BinOp::FloorDivide => pynum_runtime::float_floordiv(a, b),
        BinOp::Remainder => {
            if b == 0.0 {
                f64::NAN
            } else {
                pynum_runtime::float_mod(a, b)
            }
        }
        BinOp::Power => a.powf(b),
        BinOp::Maximum => {
            if a.is_nan() || a >= b {
                a
            } else {
                b
            }
        }
        BinOp::Minimum => {
            if a.is_nan() || a <= b {
                a
            } else {
                b
            }
        }
        BinOp::Fmax => {
            if b.is_nan() || a >= b {
                a
            } else {
                b
            }
        }
        BinOp::Fmin => {
            if b.is_nan() || a <= b {
                a
            } else {
                b
            }
        }
        BinOp::Arctan2 => a.atan2(b),
        BinOp::Hypot => a.hypot(b),
        BinOp::Copysign => a.copysign(b),
        _ => 0.0,
    }
}

macro_rules! float_num {
    ($t:ty, $d:expr) => {
        impl Num for $t {
            const DTYPE: DType = $d;
            fn from_value(v: Value) -> Self {
                v.as_f64() as $t
            }
            fn to_value(self) -> Value {
                Value::Float(self as f64)
            }
            #[inline(always)]
            fn binary(self, op: BinOp, b: Self) -> Self {
                // The four operations in the type itself, so loops vectorize; the rest
                // through f64 (exact for f32's +, -, *, / and sqrt).
                match op {
                    BinOp::Add => self + b,
                    BinOp::Subtract => self - b,
                    BinOp::Multiply => self * b,
                    BinOp::TrueDivide => self / b,
                    _ => float_binary(op, self as f64, b as f64) as $t,
                }
            }
            fn compare(self, op: BinOp, b: Self) -> bool {
                match op {
                    BinOp::LogicalAnd | BinOp::LogicalOr | BinOp::LogicalXor => logical(op, self != 0.0, b != 0.0),
                    _ => compare_ord(op, self, b),
                }
            }
            #[inline(always)]
            fn unary(self, op: UnOp) -> Self {
                match op {
                    UnOp::Sqrt => self.sqrt(),
                    UnOp::Negative => -self,
                    UnOp::Absolute => self.abs(),
                    _ => float_math(op, self as f64) as $t,
                }
            }
            fn test(self, op: UnOp) -> bool {
                match op {
                    UnOp::Isnan => self.is_nan(),
                    UnOp::Isinf => self.is_infinite(),
                    UnOp::Isfinite => self.is_finite(),
                    UnOp::LogicalNot => self == 0.0,
                    _ => false,
                }
            }
            fn is_nan(self) -> bool {
                <$t>::is_nan(self)
            }
            fn zero() -> Self {
                0.0
            }
            fn one() -> Self {
                1.0
            }
        }
    };
}

float_num!(f32, DType::Float32);
float_num!(f64, DType::Float64);

impl Num for bool {
    const DTYPE: DType = DType::Bool;
    fn from_value(v: Value) -> Self {
        v.as_bool()
    }
    fn to_value(self) -> Value {
        Value::Bool(self)
    }
    fn binary(self, op: BinOp, b: Self) -> Self {
        match op {
            BinOp::Add | BinOp::BitwiseOr | BinOp::Maximum | BinOp::Fmax => self | b,
            BinOp::Multiply | BinOp::BitwiseAnd | BinOp::Minimum | BinOp::Fmin => self & b,
            BinOp::BitwiseXor => self ^ b,
            _ => false,
        }
    }
    fn compare(self, op: BinOp, b: Self) -> bool {
        match op {
            BinOp::LogicalAnd | BinOp::LogicalOr | BinOp::LogicalXor => logical(op, self, b),
            _ => compare_ord(op, self, b),
        }
    }
    fn unary(self, op: UnOp) -> Self {
        match op {
            UnOp::Invert => !self,
            _ => self,
        }
    }
    fn test(self, op: UnOp) -> bool {
        match op {
            UnOp::Isfinite => true,
            UnOp::LogicalNot => !self,
            _ => false,
        }
    }
    fn is_nan(self) -> bool {
        false
    }
    fn zero() -> Self {
        false
    }
    fn one() -> Self {
        true
    }
}

impl PartialOrd for C128 {
    /// NumPy orders complex numbers by real part, then imaginary part.
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        match self.re.partial_cmp(&other.re)? {
            std::cmp::Ordering::Equal => self.im.partial_cmp(&other.im),
            ord => Some(ord),
        }
    }
}

impl Num for C128 {
    const DTYPE: DType = DType::Complex128;
    fn from_value(v: Value) -> Self {
        let (re, im) = v.as_complex();
        C128 { re, im }
    }
    fn to_value(self) -> Value {
        Value::Complex(self.re, self.im)
    }
    fn binary(self, op: BinOp, b: Self) -> Self {
        let a = self;
        match op {
            BinOp::Add => C128 { re: a.re + b.re, im: a.im + b.im },
            BinOp::Subtract => C128 { re: a.re - b.re, im: a.im - b.im },
            BinOp::Multiply => C128 { re: a.re * b.re - a.im * b.im, im: a.re * b.im + a.im * b.re },
            BinOp::TrueDivide => {
                let z = num_complex::Complex64::new(a.re, a.im) / num_complex::Complex64::new(b.re, b.im);
                C128 { re: z.re, im: z.im }
            }
            BinOp::Power => {
                let z = num_complex::Complex64::new(a.re, a.im).powc(num_complex::Complex64::new(b.re, b.im));
                C128 { re: z.re, im: z.im }
            }
            BinOp::Maximum | BinOp::Fmax => {
                if a >= b {
                    a
                } else {
                    b
                }
            }
            BinOp::Minimum | BinOp::Fmin => {
                if a <= b {
                    a
                } else {
                    b
                }
            }
            _ => C128::default(),
        }
    }
    fn compare(self, op: BinOp, b: Self) -> bool {
        let truth = |z: C128| z.re != 0.0 || z.im != 0.0;
        match op {
            BinOp::LogicalAnd | BinOp::LogicalOr | BinOp::LogicalXor => logical(op, truth(self), truth(b)),
            _ => compare_ord(op, self, b),
        }
    }
    fn unary(self, op: UnOp) -> Self {
        match op {
            UnOp::Negative => C128 { re: -self.re, im: -self.im },
            UnOp::Square => self.binary(BinOp::Multiply, self),
            UnOp::Absolute => C128 { re: self.re.hypot(self.im), im: 0.0 },
            _ => self,
        }
    }
    fn test(self, op: UnOp) -> bool {
        match op {
            UnOp::Isnan => self.re.is_nan() || self.im.is_nan(),
            UnOp::Isinf => self.re.is_infinite() || self.im.is_infinite(),
            UnOp::Isfinite => self.re.is_finite() && self.im.is_finite(),
            UnOp::LogicalNot => self.re == 0.0 && self.im == 0.0,
            _ => false,
        }
    }
    fn is_nan(self) -> bool {
        self.re.is_nan() || self.im.is_nan()
    }
    fn zero() -> Self {
        C128::default()
    }
    fn one() -> Self {
        C128 { re: 1.0, im: 0.0 }
    }
}

/// Runs `$body` with `$t` bound to the item type of `$dtype`.
macro_rules! with_type {
    ($dtype:expr, $t:ident => $body:expr) => {
        match $dtype {
            DType::Bool => {
                type $t = bool;
                $body
            }
            DType::Int8 => {
                type $t = i8;
                $body
            }
            DType::Int16 => {
                type $t = i16;
                $body
            }
            DType::Int32 => {
                type $t = i32;
                $body
            }
            DType::Int64 => {
                type $t = i64;
                $body
            }
            DType::UInt8 => {
                type $t = u8;
                $body
            }
            DType::UInt16 => {
                type $t = u16;
                $body
            }
            DType::UInt32 => {
                type $t = u32;
                $body
            }
            DType::UInt64 => {
                type $t = u64;
                $body
            }
            DType::Float32 => {
                type $t = f32;
                $body
            }
            DType::Float64 => {
                type $t = f64;
                $body
            }
            DType::Complex128 => {
                type $t = C128;
                $body
            }
        }
    };
}

pub(crate) use with_type;

/// An operand of an elementwise operation.
#[derive(Debug, Clone)]
pub enum Src<'a> {
    Array(&'a Array),
    /// A Python scalar (weak, NEP 50).
    Scalar(Value),
}

impl Src<'_> {
    fn operand(&self) -> Operand {
        match self {
            Src::Array(a) => Operand::Strong(a.dtype),
            Src::Scalar(v) => Operand::Weak(*v),
        }
    }

    fn shape(&self) -> &[usize] {
        match self {
            Src::Array(a) => a.shape(),
            Src::Scalar(_) => &[],
        }
    }
}

fn shape_text(shape: &[usize]) -> String {
    match shape.len() {
        1 => format!("({},)", shape[0]),
        _ => format!("({})", shape.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(",")),
    }
}

/// The broadcast shape of several shapes, or NumPy's error naming them.
pub fn broadcast_shapes(shapes: &[&[usize]]) -> ArrayResult<Vec<usize>> {
    let ndim = shapes.iter().map(|s| s.len()).max().unwrap_or(0);
    let mut out = vec![1usize; ndim];
    for shape in shapes {
        let lead = ndim - shape.len();
        for (k, &n) in shape.iter().enumerate() {
            let o = &mut out[lead + k];
            if *o == 1 {
                *o = n;
            } else if n != 1 && n != *o {
                let listed: Vec<String> = shapes.iter().map(|s| shape_text(s)).collect();
                return Err(ArrayError::Value(format!(
                    "operands could not be broadcast together with shapes {} ",
                    listed.join(" ")
                )));
            }
        }
    }
    Ok(out)
}

/// An operand ready for a loop: items of type `T` at `ptr`, element strides over the
/// loop's shape (zero on broadcast axes). `_owned` keeps a converted copy alive.
struct Prepared<T> {
    ptr: *const T,
    strides: Vec<isize>,
    _owned: Vec<T>,
}

fn broadcast_elem_strides(shape: &[usize], strides: &[isize], out_shape: &[usize]) -> Vec<isize> {
    let lead = out_shape.len() - shape.len();
    let mut s = vec![0isize; out_shape.len()];
    for k in 0..shape.len() {
        if shape[k] != 1 {
            s[lead + k] = strides[k];
        }
    }
    s
}

fn prepare<T: Num>(src: &Src, out_shape: &[usize]) -> Prepared<T> {
    match src {
        Src::Scalar(v) => {
            let owned = vec![T::from_value(*v)];
            Prepared { ptr: owned.as_ptr(), strides: vec![0; out_shape.len()], _owned: owned }
        }
        Src::Array(a) => {
            let size = std::mem::size_of::<T>() as isize;
            let aligned = (a.data() as usize).is_multiple_of(std::mem::align_of::<T>())
                && a.strides().iter().all(|s| s % size == 0);
            if a.dtype == T::DTYPE && aligned {
                let elem: Vec<isize> = a.strides().iter().map(|s| s / size).collect();
                Prepared {
                    ptr: a.data() as *const T,
                    strides: broadcast_elem_strides(a.shape(), &elem, out_shape),
                    _owned: Vec::new(),
                }
            } else {
                let owned: Vec<T> = a.values().into_iter().map(T::from_value).collect();
                let elem = c_strides(a.shape(), 1);
                Prepared {
                    ptr: owned.as_ptr(),
                    strides: broadcast_elem_strides(a.shape(), &elem, out_shape),
                    _owned: owned,
                }
            }
        }
    }
}

/// Merges axes that every operand walks contiguously and drops axes of length one, so a
/// contiguous operation becomes one flat loop. `strides[j]` are operand `j`'s strides.
fn coalesce(shape: &[usize], strides: &[Vec<isize>]) -> (Vec<usize>, Vec<Vec<isize>>) {
    let mut out_shape: Vec<usize> = Vec::new();
    let mut out_strides: Vec<Vec<isize>> = vec![Vec::new(); strides.len()];
    for k in 0..shape.len() {
        if shape[k] == 1 {
            continue;
        }
        let mergeable = !out_shape.is_empty()
            && strides.iter().zip(&out_strides).all(|(s, o)| *o.last().unwrap_or(&0) == s[k] * shape[k] as isize);
        if mergeable {
            let last = out_shape.len() - 1;
            out_shape[last] *= shape[k];
            for (j, s) in strides.iter().enumerate() {
                out_strides[j][last] = s[k];
            }
        } else {
            out_shape.push(shape[k]);
            for (j, s) in strides.iter().enumerate() {
                out_strides[j].push(s[k]);
            }
        }
    }
    (out_shape, out_strides)
}

/// Calls `inner(offsets, n)` for every run along the last axis, with each operand's
/// element offset at the run's start.
fn for_each_run(shape: &[usize], strides: &[Vec<isize>], mut inner: impl FnMut(&[isize], usize)) {
    let nops = strides.len();
    let mut offsets = vec![0isize; nops];
    if shape.is_empty() {
        inner(&offsets, 1);
        return;
    }
    if shape.contains(&0) {
        return;
    }
    let ndim = shape.len();
    let mut index = vec![0usize; ndim];
    loop {
        inner(&offsets, shape[ndim - 1]);
        let mut k = ndim - 1;
        loop {
            if k == 0 {
                return;
            }
            k -= 1;
            index[k] += 1;
            for j in 0..nops {
                offsets[j] += strides[j][k];
            }
            if index[k] < shape[k] {
                break;
            }
            for j in 0..nops {
                offsets[j] -= strides[j][k] * shape[k] as isize;
            }
            index[k] = 0;
        }
    }
}

/// `out[i] = f(a[i], b[i])` over a broadcast shape; `out` is C-contiguous.
///
/// # Safety
/// `a` and `b` with their strides address valid items over `shape`; `out` has room for
/// the shape's items and overlaps neither.
unsafe fn run2<A: Copy, B: Copy, O>(
    shape: &[usize],
    a: *const A,
    sa: &[isize],
    b: *const B,
    sb: &[isize],
    out: *mut O,
    f: impl Fn(A, B) -> O,
) {
    let so = c_strides(shape, 1);
    let (shape, strides) = coalesce(shape, &[sa.to_vec(), sb.to_vec(), so]);
    let last = shape.len().saturating_sub(1);
    let inner_strides: Vec<isize> = strides.iter().map(|s| s.get(last).copied().unwrap_or(0)).collect();
    for_each_run(&shape, &strides, |offs, n| unsafe {
        let (pa, pb, po) = (a.offset(offs[0]), b.offset(offs[1]), out.offset(offs[2]));
        let o = std::slice::from_raw_parts_mut(po, n);
        match (inner_strides[0], inner_strides[1]) {
            (1, 1) => {
                let (x, y) = (std::slice::from_raw_parts(pa, n), std::slice::from_raw_parts(pb, n));
                for i in 0..n {
                    o[i] = f(x[i], y[i]);
                }
            }
            (1, 0) => {
                let (x, y) = (std::slice::from_raw_parts(pa, n), *pb);
                for i in 0..n {
                    o[i] = f(x[i], y);
                }
            }
            (0, 1) => {
                let (x, y) = (*pa, std::slice::from_raw_parts(pb, n));
                for i in 0..n {
                    o[i] = f(x, y[i]);
                }
            }
            (s, t) => {
                for (i, slot) in o.iter_mut().enumerate() {
                    *slot = f(*pa.offset(i as isize * s), *pb.offset(i as isize * t));
                }
            }
        }
    });
}

/// `out[i] = f(a[i])`; `out` is C-contiguous.
///
/// # Safety
/// As [`run2`].
unsafe fn run1<A: Copy, O>(shape: &[usize], a: *const A, sa: &[isize], out: *mut O, f: impl Fn(A) -> O) {
    let so = c_strides(shape, 1);
    let (shape, strides) = coalesce(shape, &[sa.to_vec(), so]);
    let last = shape.len().saturating_sub(1);
    let s = strides[0].get(last).copied().unwrap_or(0);
    for_each_run(&shape, &strides, |offs, n| unsafe {
        let (pa, po) = (a.offset(offs[0]), out.offset(offs[1]));
        let o = std::slice::from_raw_parts_mut(po, n);
        if s == 1 {
            let x = std::slice::from_raw_parts(pa, n);
            for i in 0..n {
                o[i] = f(x[i]);
            }
        } else {
            for (i, slot) in o.iter_mut().enumerate() {
                *slot = f(*pa.offset(i as isize * s));
            }
        }
    });
}

/// Integer powers with a negative exponent raise, as NumPy's do.
fn check_int_power(b: &Src) -> ArrayResult<()> {
    let negative = |v: Value| matches!(v, Value::Int(i) if i < 0);
    let any_negative = match b {
        Src::Scalar(v) => negative(*v),
        Src::Array(a) => a.values().into_iter().any(negative),
    };
    if any_negative {
        return Err(ArrayError::Value("Integers to negative integer powers are not allowed.".into()));
    }
    Ok(())
}

/// `op(a, b)` with broadcasting and NumPy 2's promotion: a new C-contiguous array.
pub fn binary(op: BinOp, a: &Src, b: &Src) -> ArrayResult<Array> {
    let (compute, out_dtype) = resolve_binary(op, a.operand(), b.operand())?;
    let shape = broadcast_shapes(&[a.shape(), b.shape()])?;
    if op == BinOp::Power && matches!(crate::promotion::kind(compute), Kind::Int) {
        check_int_power(b)?;
    }
    // SAFETY: the loops below write every item of the broadcast shape.
    let out = unsafe { Array::for_overwrite(out_dtype, shape.clone())? };
    with_type!(compute, T => {
        let (pa, pb) = (prepare::<T>(a, &shape), prepare::<T>(b, &shape));
        if out_dtype == DType::Bool && compute != DType::Bool || op.is_comparison() || matches!(op, BinOp::LogicalAnd | BinOp::LogicalOr | BinOp::LogicalXor) {
            // SAFETY: prepared operands cover `shape`; `out` is a fresh bool array of it.
            unsafe { run2(&shape, pa.ptr, &pa.strides, pb.ptr, &pb.strides, out.data() as *mut bool, |x: T, y: T| x.compare(op, y)) };
        } else {
            // SAFETY: as above; `out`'s dtype is the compute dtype here.
            unsafe { arithmetic::<T>(op, &shape, &pa, &pb, out.data() as *mut T) };
        }
    });
    Ok(out)
}

/// The arithmetic loop, with the operation a constant for the common ones so their
/// loops have no branch per item.
///
/// # Safety
/// As [`run2`], `out` holding the broadcast shape's items of `T`.
unsafe fn arithmetic<T: Num>(op: BinOp, shape: &[usize], pa: &Prepared<T>, pb: &Prepared<T>, out: *mut T) {
    macro_rules! go {
        ($op:expr) => {
            unsafe { run2(shape, pa.ptr, &pa.strides, pb.ptr, &pb.strides, out, |x: T, y: T| x.binary($op, y)) }
        };
    }
    match op {
        BinOp::Add => go!(BinOp::Add),
        BinOp::Subtract => go!(BinOp::Subtract),
        BinOp::Multiply => go!(BinOp::Multiply),
        BinOp::TrueDivide => go!(BinOp::TrueDivide),
        BinOp::Maximum => go!(BinOp::Maximum),
        BinOp::Minimum => go!(BinOp::Minimum),
        other => go!(other),
    }
}

/// `op(a)`: a new C-contiguous array.
pub fn unary(op: UnOp, a: &Array) -> ArrayResult<Array> {
    let (compute, out_dtype) = resolve_unary(op, a.dtype)?;
    let shape = a.shape().to_vec();
    // SAFETY: each branch below writes every item.
    let out = unsafe { Array::for_overwrite(out_dtype, shape.clone())? };
    with_type!(compute, T => {
        let pa = prepare::<T>(&Src::Array(a), &shape);
        if out_dtype == DType::Bool && compute != DType::Bool || matches!(op, UnOp::Isnan | UnOp::Isinf | UnOp::Isfinite | UnOp::LogicalNot) {
            // SAFETY: `pa` covers `shape`; `out` is a fresh bool array of it.
            unsafe { run1(&shape, pa.ptr, &pa.strides, out.data() as *mut bool, |x: T| x.test(op)) };
        } else if out_dtype == compute {
            let o = out.data() as *mut T;
            // SAFETY: as above, `out` in the compute dtype.
            unsafe {
                match op {
                    UnOp::Sqrt => run1(&shape, pa.ptr, &pa.strides, o, |x: T| x.unary(UnOp::Sqrt)),
                    UnOp::Negative => run1(&shape, pa.ptr, &pa.strides, o, |x: T| x.unary(UnOp::Negative)),
                    UnOp::Absolute => run1(&shape, pa.ptr, &pa.strides, o, |x: T| x.unary(UnOp::Absolute)),
                    other => run1(&shape, pa.ptr, &pa.strides, o, |x: T| x.unary(other)),
                }
            }
        } else {
            // complex absolute: computed in complex128, stored as float64.
            // SAFETY: as above, `out` is float64.
            unsafe { run1(&shape, pa.ptr, &pa.strides, out.data() as *mut f64, |x: T| x.unary(op).to_value().as_f64()) };
        }
    });
    Ok(out)
}

/// Reductions of `_numpy.reduce`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RedOp {
    Sum,
    Prod,
    Max,
    Min,
    Any,
    All,
    ArgMax,
    ArgMin,
}

impl RedOp {
    pub fn from_name(name: &str) -> Option<RedOp> {
        Some(match name {
            "sum" => RedOp::Sum,
            "prod" => RedOp::Prod,
            "max" => RedOp::Max,
            "min" => RedOp::Min,
            "any" => RedOp::Any,
            "all" => RedOp::All,
            "argmax" => RedOp::ArgMax,
            "argmin" => RedOp::ArgMin,
            _ => return None,
        })
    }

    /// The ufunc NumPy names in its errors.
    fn ufunc(self) -> &'static str {
        match self {
            RedOp::Max => "maximum",
            RedOp::Min => "minimum",
            RedOp::ArgMax => "argmax",
            RedOp::ArgMin => "argmin",
            _ => "reduce",
        }
    }
}

/// The dtype `sum`/`prod` accumulate in without `dtype=` (NumPy: the default integer for
/// small integers and bool).
pub fn default_accumulator(op: RedOp, d: DType) -> DType {
    match (op, crate::promotion::kind(d)) {
        (RedOp::Sum | RedOp::Prod, Kind::Bool | Kind::Int) => DType::Int64,
        (RedOp::Sum | RedOp::Prod, Kind::UInt) => DType::UInt64,
        (RedOp::Any | RedOp::All, _) => DType::Bool,
        (RedOp::ArgMax | RedOp::ArgMin, _) => d,
        _ => d,
    }
}

/// NumPy's pairwise summation of `n` items `stride` apart (blocks of 8 partial sums
/// below 128 items, halves above), which fixes the rounding of float sums.
///
/// # Safety
/// `p` with `stride` addresses `n` valid items.
unsafe fn pairwise_sum<T: Num>(p: *const T, n: usize, stride: isize) -> T {
    if T::DTYPE == DType::Float64 && stride == 1 {
        // SAFETY: `T` is f64 and the `n` items are contiguous.
        let items = unsafe { std::slice::from_raw_parts(p.cast::<f64>(), n) };
        return T::from_value(Value::Float(pairwise_sum_f64(items)));
    }
    unsafe {
        let at = |i: usize| *p.offset(i as isize * stride);
        if n < 8 {
            let mut res = T::zero();
            for i in 0..n {
                res = res.binary(BinOp::Add, at(i));
            }
            res
        } else if n <= 128 {
            let mut r = [T::zero(); 8];
            for (j, slot) in r.iter_mut().enumerate() {
                *slot = at(j);
            }
            let mut i = 8;
            while i < n - n % 8 {
                for (j, slot) in r.iter_mut().enumerate() {
                    *slot = slot.binary(BinOp::Add, at(i + j));
                }
                i += 8;
            }
            let add = |x: T, y: T| x.binary(BinOp::Add, y);
            let mut res = add(add(add(r[0], r[1]), add(r[2], r[3])), add(add(r[4], r[5]), add(r[6], r[7])));
            for k in (n - n % 8)..n {
                res = add(res, at(k));
            }
            res
        } else {
            let mut n2 = n / 2;
            n2 -= n2 % 8;
            pairwise_sum(p, n2, stride).binary(BinOp::Add, pairwise_sum(p.offset(n2 as isize * stride), n - n2, stride))
        }
    }
}

/// [`pairwise_sum`] of contiguous f64 items (the same additions in the same order),
/// compiled for AVX2 when the CPU has it.
fn pairwise_sum_f64(items: &[f64]) -> f64 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU supports AVX2.
            return unsafe { pairwise_sum_f64_avx2(items) };
        }
    }
    pairwise_sum_f64_body(items)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn pairwise_sum_f64_avx2(items: &[f64]) -> f64 {
    pairwise_sum_f64_body(items)
}

#[inline(always)]
fn pairwise_sum_f64_body(items: &[f64]) -> f64 {
    let n = items.len();
    if n < 8 {
        let mut res = 0.0;
        for &x in items {
            res += x;
        }
        res
    } else if n <= 128 {
        let mut r = [0.0f64; 8];
        r.copy_from_slice(&items[..8]);
        let whole = n - n % 8;
        for chunk in items[8..whole].chunks_exact(8) {
            for j in 0..8 {
                r[j] += chunk[j];
            }
        }
        let mut res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
        for &x in &items[whole..] {
            res += x;
        }
        res
    } else {
        let mut n2 = n / 2;
        n2 -= n2 % 8;
        pairwise_sum_f64_body(&items[..n2]) + pairwise_sum_f64_body(&items[n2..])
    }
}

/// What a reduction gives: an array of the kept axes, or for `argmax`/`argmin` indices.
pub fn reduce(op: RedOp, a: &Array, axes: &[usize], keepdims: bool, acc: DType) -> ArrayResult<Array> {
    let ndim = a.ndim();
    let reduced: Vec<bool> = (0..ndim).map(|k| axes.contains(&k)).collect();
    let kept: Vec<usize> = (0..ndim).filter(|&k| !reduced[k]).collect();
    let mut inner: Vec<usize> = (0..ndim).filter(|&k| reduced[k]).collect();
    if !matches!(op, RedOp::ArgMax | RedOp::ArgMin) {
        // NumPy walks reduced axes in memory order (largest stride first); the order
        // decides the rounding of float sums.
        inner.sort_by_key(|&k| std::cmp::Reverse(a.strides()[k].unsigned_abs()));
    }
    let inner_count: usize = inner.iter().map(|&k| a.shape()[k]).product();
    if inner_count == 0 && matches!(op, RedOp::Max | RedOp::Min | RedOp::ArgMax | RedOp::ArgMin) {
        let what = if matches!(op, RedOp::ArgMax | RedOp::ArgMin) {
            format!("attempt to get {} of an empty sequence", op.ufunc())
        } else {
            format!("zero-size array to reduction operation {} which has no identity", op.ufunc())
        };
        return Err(ArrayError::Value(what));
    }
    let out_shape: Vec<usize> = if keepdims {
        (0..ndim).map(|k| if reduced[k] { 1 } else { a.shape()[k] }).collect()
    } else {
        kept.iter().map(|&k| a.shape()[k]).collect()
    };
    let out_dtype = match op {
        RedOp::ArgMax | RedOp::ArgMin => DType::Int64,
        RedOp::Any | RedOp::All => DType::Bool,
        _ => acc,
    };
    let out = Array::zeros(out_dtype, out_shape)?;
    let order: Vec<usize> = kept.iter().chain(inner.iter()).copied().collect();
    let view = a.permuted(&order);
    let cast = a.dtype != acc;
    // Pairwise summation runs along the axis NumPy's iterator puts innermost: the one
    // with the smallest stride; if that axis is kept, items are added in order.
    let innermost = (0..ndim).filter(|&k| a.shape()[k] > 1).min_by_key(|&k| a.strides()[k].unsigned_abs());
    let pairwise = innermost.is_none_or(|k| reduced[k]);
    with_type!(acc, T => reduce_typed::<T>(op, &view, kept.len(), &out, cast, pairwise))?;
    Ok(out)
}

fn reduce_typed<T: Num>(
    op: RedOp,
    view: &Array,
    nkept: usize,
    out: &Array,
    cast: bool,
    pairwise: bool,
) -> ArrayResult<()> {
    let shape = view.shape().to_vec();
    let pa = prepare::<T>(&Src::Array(view), &shape);
    let (outer_shape, inner_shape) = shape.split_at(nkept);
    let outer_strides = pa.strides[..nkept].to_vec();
    let (inner_shape, inner_strides) = {
        let (s, st) = coalesce(inner_shape, &[pa.strides[nkept..].to_vec()]);
        (s, st.into_iter().next().unwrap_or_default())
    };
    let inner_n: usize = inner_shape.iter().product();
    let outer_c = c_strides(outer_shape, 1);
    let mut results: Vec<Value> = Vec::with_capacity(checked_size(outer_shape)?);
    // One run per outer index; `for_each_run` walks the outer axes with a last axis of 1.
    let mut outer_shape1 = outer_shape.to_vec();
    outer_shape1.push(1);
    let mut os = outer_strides.clone();
    os.push(0);
    let mut oc = outer_c.clone();
    oc.push(0);
    for_each_run(&outer_shape1, &[os, oc], |offs, _| {
        // SAFETY: `offs[0]` is an outer index of the prepared operand; the inner offsets
        // stay within the reduced axes' extents.
        let base = unsafe { pa.ptr.offset(offs[0]) };
        results.push(unsafe { reduce_inner::<T>(op, base, &inner_shape, &inner_strides, inner_n, cast, pairwise) });
    });
    let dst = out.data();
    let itemsize = out.dtype.itemsize();
    for (i, v) in results.into_iter().enumerate() {
        // SAFETY: `out` is C-contiguous with one item per outer index.
        unsafe { v.write(out.dtype, dst.add(i * itemsize)) };
    }
    Ok(())
}

/// The largest (or smallest) non-NaN item of a contiguous f64 row, and whether the row
/// holds a NaN: eight running extremes over interleaved items and eight NaN flags,
/// independent chains the compiler turns into vector compares and blends.
fn f64_extreme(row: &[f64], want_max: bool) -> (f64, bool) {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU supports AVX2.
            return unsafe { f64_extreme_avx2(row, want_max) };
        }
    }
    f64_extreme_body(row, want_max)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn f64_extreme_avx2(row: &[f64], want_max: bool) -> (f64, bool) {
    f64_extreme_body(row, want_max)
}

#[inline(always)]
fn f64_extreme_body(row: &[f64], want_max: bool) -> (f64, bool) {
    let mut chunks = row.chunks_exact(8);
    let mut lanes = [row[0]; 8];
    let mut nans = [false; 8];
    for chunk in &mut chunks {
        for j in 0..8 {
            let x = chunk[j];
            nans[j] |= x.is_nan();
            let better = if want_max { x > lanes[j] } else { x < lanes[j] };
            lanes[j] = if better { x } else { lanes[j] };
        }
    }
    let mut best = lanes[0];
    let mut nan = nans.iter().any(|&n| n);
    for &x in lanes.iter().chain(chunks.remainder()) {
        nan |= x.is_nan();
        let better = if want_max { x > best } else { x < best };
        best = if better { x } else { best };
    }
    (best, nan)
}

/// One reduction over the inner (reduced) axes, starting at `base`.
///
/// # Safety
/// `base` with the inner shape and strides addresses valid items.
unsafe fn reduce_inner<T: Num>(
    op: RedOp,
    base: *const T,
    shape: &[usize],
    strides: &[isize],
    n: usize,
    cast: bool,
    pairwise: bool,
) -> Value {
    // Offsets of every inner item in C order (rows along the last axis).
    let mut rows: Vec<(isize, usize)> = Vec::new();
    let last_stride = strides.last().copied().unwrap_or(0);
    if n > 0 {
        let row_shape = shape.to_vec();
        for_each_run(&row_shape, &[strides.to_vec()], |offs, len| rows.push((offs[0], len)));
    }
    let item = |i: isize| unsafe { *base.offset(i) };
    match op {
        RedOp::Sum => {
            let mut acc = T::zero();
            if pairwise {
                for &(start, len) in &rows {
                    // NumPy casts through buffers of 8192 items, summing each on its own.
                    let chunk = if cast { 8192 } else { len.max(1) };
                    let mut done = 0;
                    while done < len {
                        let m = chunk.min(len - done);
                        let part =
                            unsafe { pairwise_sum(base.offset(start + done as isize * last_stride), m, last_stride) };
                        acc = acc.binary(BinOp::Add, part);
                        done += m;
                    }
                }
            } else {
                for &(start, len) in &rows {
                    for i in 0..len {
                        acc = acc.binary(BinOp::Add, item(start + i as isize * last_stride));
                    }
                }
            }
            acc.to_value()
        }
        RedOp::Prod => {
            let mut acc = T::one();
            for &(start, len) in &rows {
                for i in 0..len {
                    acc = acc.binary(BinOp::Multiply, item(start + i as isize * last_stride));
                }
            }
            acc.to_value()
        }
        RedOp::Max | RedOp::Min => {
            // Branch-free compare and a separate NaN flag, so the loop vectorizes; NaN
            // wins, as in NumPy.
            let want_max = op == RedOp::Max;
            let pick = |best: T, x: T| {
                let better = if want_max { x > best } else { x < best };
                if better {
                    x
                } else {
                    best
                }
            };
            let mut best = item(rows.first().map_or(0, |r| r.0));
            let mut nan = false;
            for &(start, len) in &rows {
                if last_stride == 1 {
                    // SAFETY: a row of `len` contiguous items.
                    let row = unsafe { std::slice::from_raw_parts(base.offset(start), len) };
                    if T::DTYPE == DType::Float64 && len >= 64 {
                        // SAFETY: `T` is f64 (its dtype says so); same items, same type.
                        let row = unsafe { std::slice::from_raw_parts(row.as_ptr().cast::<f64>(), len) };
                        let (extreme, any_nan) = f64_extreme(row, want_max);
                        nan |= any_nan;
                        best = pick(best, T::from_value(Value::Float(extreme)));
                    } else {
                        for &x in row {
                            nan |= x.is_nan();
                            best = pick(best, x);
                        }
                    }
                } else {
                    for i in 0..len {
                        let x = item(start + i as isize * last_stride);
                        nan |= x.is_nan();
                        best = pick(best, x);
                    }
                }
            }
            if nan {
                for &(start, len) in &rows {
                    if let Some(x) = (0..len).map(|i| item(start + i as isize * last_stride)).find(|x| x.is_nan()) {
                        return x.to_value();
                    }
                }
            }
            best.to_value()
        }
        RedOp::ArgMax | RedOp::ArgMin => {
            let want_max = matches!(op, RedOp::Max | RedOp::ArgMax);
            let mut best: Option<(T, usize)> = None;
            let mut index = 0usize;
            'rows: for &(start, len) in &rows {
                for i in 0..len {
                    let x = item(start + i as isize * last_stride);
                    match best {
                        None => best = Some((x, index)),
                        Some((b, _)) if b.is_nan() => break 'rows,
                        Some((b, _)) => {
                            if x.is_nan() || (want_max && x > b) || (!want_max && x < b) {
                                best = Some((x, index));
                            }
                        }
                    }
                    index += 1;
                }
            }
            let (b, at) = best.unwrap_or((T::zero(), 0));
            if matches!(op, RedOp::ArgMax | RedOp::ArgMin) {
                Value::Int(at as i64)
            } else {
                b.to_value()
            }
        }
        RedOp::Any | RedOp::All => {
            let any = op == RedOp::Any;
            for &(start, len) in &rows {
                for i in 0..len {
                    let truth = item(start + i as isize * last_stride).to_value().as_bool();
                    if truth == any {
                        return Value::Bool(any);
                    }
                }
            }
            Value::Bool(!any)
        }
    }
}

/// `np.dot`/`np.matmul` for 1-d and 2-d operands of one dtype (`compute`, already
/// promoted): inner product, matrix-vector, vector-matrix, matrix-matrix.
pub fn dot(a: &Array, b: &Array, compute: DType) -> ArrayResult<Array> {
    let (ash, bsh) = (a.shape(), b.shape());
    let (m, k, a2) = match ash.len() {
        1 => (1, ash[0], false),
        2 => (ash[0], ash[1], true),
        _ => return Err(ArrayError::NotImplemented("dot of arrays with more than 2 dimensions".into())),
    };
    let (k2, n, b2) = match bsh.len() {
        1 => (bsh[0], 1, false),
        2 => (bsh[0], bsh[1], true),
        _ => return Err(ArrayError::NotImplemented("dot of arrays with more than 2 dimensions".into())),
    };
    if k != k2 {
        let (x, y) = (shape_text(ash), shape_text(bsh));
        let (ka, kb) = (if a2 { 1 } else { 0 }, 0);
        return Err(ArrayError::Value(format!(
            "shapes {x} and {y} not aligned: {} (dim {ka}) != {} (dim {kb})",
            ash[ka], bsh[kb]
        )));
    }
    let out_shape: Vec<usize> = match (a2, b2) {
        (true, true) => vec![m, n],
        (true, false) => vec![m],
        (false, true) => vec![n],
        (false, false) => vec![],
    };
    let out = Array::zeros(compute, out_shape)?;
    with_type!(compute, T => {
        // Contiguous operands of the compute dtype are read in place.
        let ac = if a.dtype == compute && a.is_c_contiguous() { a.clone() } else { a.to_contiguous(compute)? };
        let bc = if b.dtype == compute && b.is_c_contiguous() { b.clone() } else { b.to_contiguous(compute)? };
        // SAFETY: contiguous copies of m*k and k*n items; `out` has m*n.
        unsafe {
            let (x, y) = (std::slice::from_raw_parts(ac.data() as *const T, m * k), std::slice::from_raw_parts(bc.data() as *const T, k * n));
            let o = std::slice::from_raw_parts_mut(out.data() as *mut T, m * n);
            matmul_into::<T>(x, y, o, m, k, n);
        }
    });
    Ok(out)
}

/// The dot product of two f64 rows as [`matmul_into`] sums it (sixteen partial sums,
/// folded pairwise), compiled for AVX2 when the CPU has it: the same additions in the
/// same order either way, so results do not depend on the machine.
fn dot_f64(x: &[f64], y: &[f64]) -> f64 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU supports AVX2.
            return unsafe { dot_f64_avx2(x, y) };
        }
    }
    dot_f64_body(x, y)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn dot_f64_avx2(x: &[f64], y: &[f64]) -> f64 {
    dot_f64_body(x, y)
}

#[inline(always)]
fn dot_f64_body(x: &[f64], y: &[f64]) -> f64 {
    let mut acc = [0.0f64; 16];
    let (xs, ys) = (x.chunks_exact(16), y.chunks_exact(16));
    let (x_rest, y_rest) = (xs.remainder(), ys.remainder());
    for (a, b) in xs.zip(ys) {
        for j in 0..16 {
            acc[j] += a[j] * b[j];
        }
    }
    for step in [8, 4, 2, 1] {
        for j in 0..step {
            acc[j] += acc[j + step];
        }
    }
    let mut total = 0.0 + acc[0];
    for (&a, &b) in x_rest.iter().zip(y_rest) {
        total += a * b;
    }
    total
}

fn matmul_into<T: Num>(x: &[T], y: &[T], o: &mut [T], m: usize, k: usize, n: usize) {
    if n > 1 && m > 1 && T::DTYPE == DType::Float64 {
        // Matrix times matrix: the `matrixmultiply` crate's dgemm (blocked, with the
        // CPU's vector kernels), like the BLAS NumPy calls; sums in another order than
        // the loop below, as BLAS does.
        // SAFETY: `T` is f64; `x` is m×k, `y` k×n and `o` m×n, all C-contiguous.
        unsafe {
            matrixmultiply::dgemm(
                m,
                k,
                n,
                1.0,
                x.as_ptr().cast::<f64>(),
                k as isize,
                1,
                y.as_ptr().cast::<f64>(),
                n as isize,
                1,
                0.0,
                o.as_mut_ptr().cast::<f64>(),
                n as isize,
                1,
            )
        };
        return;
    }
    if n == 1 && k >= 64 && T::DTYPE == DType::Float64 {
        // SAFETY: `T` is f64 (its dtype says so): the same items as f64 slices.
        let (x, y, o) = unsafe {
            (
                std::slice::from_raw_parts(x.as_ptr().cast::<f64>(), x.len()),
                std::slice::from_raw_parts(y.as_ptr().cast::<f64>(), y.len()),
                std::slice::from_raw_parts_mut(o.as_mut_ptr().cast::<f64>(), o.len()),
            )
        };
        for i in 0..m {
            o[i] = dot_f64(&x[i * k..(i + 1) * k], y);
        }
        return;
    }
    if n == 1 && k >= 64 {
        // Row times column: sixteen partial sums over interleaved items (four vectors of
        // four, as BLAS kernels keep them), then their total.
        for i in 0..m {
            let row = &x[i * k..(i + 1) * k];
            let mut acc = [T::zero(); 16];
            let (rows, cols) = (row.chunks_exact(16), y.chunks_exact(16));
            let (row_rest, col_rest) = (rows.remainder(), cols.remainder());
            for (r, c) in rows.zip(cols) {
                for j in 0..16 {
                    acc[j] = acc[j].binary(BinOp::Add, r[j].binary(BinOp::Multiply, c[j]));
                }
            }
            let add = |p: T, q: T| p.binary(BinOp::Add, q);
            let mut total = T::zero();
            for step in [8, 4, 2, 1] {
                for j in 0..step {
                    acc[j] = add(acc[j], acc[j + step]);
                }
            }
            total = add(total, acc[0]);
            for (&r, &c) in row_rest.iter().zip(col_rest) {
                total = add(total, r.binary(BinOp::Multiply, c));
            }
            o[i] = total;
        }
        return;
    }
    if n == 1 {
        // Row times column: four partial sums, then their total.
        for i in 0..m {
            let row = &x[i * k..(i + 1) * k];
            let mut acc = [T::zero(); 4];
            let chunks = k / 4;
            for c in 0..chunks {
                for (j, slot) in acc.iter_mut().enumerate() {
                    *slot = slot.binary(BinOp::Add, row[c * 4 + j].binary(BinOp::Multiply, y[c * 4 + j]));
                }
            }
            let add = |p: T, q: T| p.binary(BinOp::Add, q);
            let mut total = add(add(acc[0], acc[1]), add(acc[2], acc[3]));
            for j in chunks * 4..k {
                total = add(total, row[j].binary(BinOp::Multiply, y[j]));
            }
            o[i] = total;
        }
        return;
    }
    for i in 0..m {
        let orow = &mut o[i * n..(i + 1) * n];
        for p in 0..k {
            let xv = x[i * k + p];
            let yrow = &y[p * n..(p + 1) * n];
            for (slot, &yv) in orow.iter_mut().zip(yrow) {
                *slot = slot.binary(BinOp::Add, xv.binary(BinOp::Multiply, yv));
            }
        }
    }
}
