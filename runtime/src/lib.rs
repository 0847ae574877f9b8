//! pynum-runtime: what compiled code calls and what it hands back. Native functions
//! return a [`Status`] word and write results through an out-pointer; a non-zero status
//! names an exception the boundary raises with the interpreter's type and message, or a
//! deoptimization. The numeric helpers here implement Python's semantics where a machine
//! instruction does not (float floor division and modulo, integer powers).
//!
//! Assumes nothing of the VM: boxing lives with the dispatcher, which knows rustpython.

pub mod lists;

/// Set by pynum's `SIGINT` handler before it calls the interpreter's: native loops in
/// automatic mode poll it at their back edges and deoptimize, so the interpreter, which
/// has the signal pending too, raises `KeyboardInterrupt` where CPython would.
pub static INTERRUPT_PENDING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Where native code reads [`INTERRUPT_PENDING`] (one byte).
pub fn interrupt_flag_address() -> usize {
    &INTERRUPT_PENDING as *const std::sync::atomic::AtomicBool as usize
}

/// How a native call ended. `repr(u32)` because it is the native return value.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Ok = 0,
    ZeroDivision = 1,
    /// `range()` with a zero step.
    RangeStepZero = 2,
    /// A `static_raise`: `out[0]` holds the index into the module's raise table.
    StaticRaise = 3,
    /// A negative shift count.
    NegativeShift = 4,
    /// Integer power with a negative exponent, which native int code cannot represent.
    NegativePower = 5,
    /// A float that cannot become an int (nan or infinite).
    FloatToInt = 6,
    /// Native code met what it did not speculate on (an int leaving 64 bits...): the
    /// caller reruns the call in the interpreter, which reproduces CPython exactly.
    Deopt = 7,
    /// Native calls nested deeper than the interpreter's recursion limit allows.
    RecursionLimit = 8,
    /// A local read before any assignment on the path taken (`@njit`; automatic mode
    /// deoptimizes instead, and the interpreter raises with CPython's message).
    UnboundLocal = 9,
    /// A list index out of range (`@njit`; automatic mode deoptimizes instead).
    IndexOutOfRange = 10,
    /// A bytearray item outside `0..=255` (`@njit`; automatic mode deoptimizes).
    ByteOutOfRange = 11,
}

/// The deepest native call chain a call may start, whatever the recursion limit: every
/// thread's stack, not only the main one, must hold it.
pub const MAX_NATIVE_DEPTH: i64 = 10_000;

impl Status {
    /// Every status, in code order.
    const ALL: [Status; 12] = [
        Status::Ok,
        Status::ZeroDivision,
        Status::RangeStepZero,
        Status::StaticRaise,
        Status::NegativeShift,
        Status::NegativePower,
        Status::FloatToInt,
        Status::Deopt,
        Status::RecursionLimit,
        Status::UnboundLocal,
        Status::IndexOutOfRange,
        Status::ByteOutOfRange,
    ];

    pub fn from_code(code: u32) -> Option<Status> {
        Self::ALL.get(code as usize).copied()
    }

    /// The Python exception type and message, as the interpreter words them.
    pub fn exception(self) -> (&'static str, &'static str) {
        match self {
            Status::Ok => ("", ""),
            Status::ZeroDivision => ("ZeroDivisionError", "division by zero"),
            Status::RangeStepZero => ("ValueError", "range() arg 3 must not be zero"),
            Status::StaticRaise => ("", ""),
            Status::NegativeShift => ("ValueError", "negative shift count"),
            Status::NegativePower => ("ValueError", "integer power with a negative exponent is not supported in nopython mode"),
            Status::FloatToInt => ("ValueError", "cannot convert float NaN or infinity to integer"),
            Status::Deopt => ("SystemError", "native code asked for the interpreter"),
            Status::RecursionLimit => ("RecursionError", "maximum recursion depth exceeded"),
            Status::UnboundLocal => ("UnboundLocalError", "local variable referenced before assignment"),
            Status::IndexOutOfRange => ("IndexError", "list index out of range"),
            Status::ByteOutOfRange => ("ValueError", "byte must be in range(0, 256)"),
        }
    }
}

/// Python's `a // b` on floats (CPython's `float_floor_div`); `b != 0` is checked by the caller.
pub extern "C" fn float_floordiv(a: f64, b: f64) -> f64 {
    float_divmod(a, b).0
}

/// Python's `a % b` on floats (CPython's `float_rem`); `b != 0` is checked by the caller.
pub extern "C" fn float_mod(a: f64, b: f64) -> f64 {
    float_divmod(a, b).1
}

fn float_divmod(vx: f64, wx: f64) -> (f64, f64) {
    let mut m = vx % wx;
    let mut div = (vx - m) / wx;
    if m != 0.0 {
        if (wx < 0.0) != (m < 0.0) {
            m += wx;
            div -= 1.0;
        }
    } else {
        m = 0.0_f64.copysign(wx);
    }
    let floordiv = if div != 0.0 {
        let mut f = div.floor();
        if div - f > 0.5 {
            f += 1.0;
        }
        f
    } else {
        0.0_f64.copysign(vx / wx)
    };
    (floordiv, m)
}

/// `base ** exp` for a non-negative exponent, wrapping on overflow as `@njit` ints do.
pub extern "C" fn int_pow_wrapping(mut base: i64, mut exp: i64) -> i64 {
    let mut result: i64 = 1;
    while exp > 0 {
        if exp & 1 == 1 {
            result = result.wrapping_mul(base);
        }
        base = base.wrapping_mul(base);
        exp >>= 1;
    }
    result
}

/// Whether `base ** exp` (exp >= 0) fits in an `i64`: 1 when it does.
pub extern "C" fn int_pow_fits(base: i64, exp: i64) -> i8 {
    i8::from(u32::try_from(exp).ok().and_then(|e| base.checked_pow(e)).is_some())
}

/// `round(x, ndigits)` on floats, correctly rounded as CPython does (through the
/// shortest decimal representation, half to even).
pub extern "C" fn round_ndigits(x: f64, ndigits: i64) -> f64 {
    if !x.is_finite() || ndigits > 308 {
        return x;
    }
    if ndigits < -308 {
        return 0.0_f64.copysign(x);
    }
    let digits = ndigits.clamp(-308, 308) as i32;
    // Format with the requested number of decimals (Rust rounds half to even on the exact
    // binary value, as CPython's dtoa does), then read it back.
    if digits >= 0 {
        format!("{:.*}", digits as usize, x).parse().unwrap_or(x)
    } else {
        let scale = 10f64.powi(-digits);
        let scaled = x / scale;
        let rounded = format!("{scaled:.0}").parse::<f64>().unwrap_or(scaled);
        rounded * scale
    }
}

macro_rules! libm {
    ($($name:ident => $f:expr),* $(,)?) => {
        $(pub extern "C" fn $name(x: f64) -> f64 { ($f)(x) })*
        /// The one-argument math functions compiled code calls, by `math` name.
        pub fn math_functions() -> &'static [(&'static str, extern "C" fn(f64) -> f64)] {
            &[$((stringify!($name), $name as extern "C" fn(f64) -> f64)),*]
        }
    };
}

libm! {
    sin => f64::sin, cos => f64::cos, tan => f64::tan, asin => f64::asin, acos => f64::acos,
    atan => f64::atan, sinh => f64::sinh, cosh => f64::cosh, tanh => f64::tanh, exp => f64::exp,
    expm1 => f64::exp_m1, log => f64::ln, log2 => f64::log2, log10 => f64::log10, log1p => f64::ln_1p,
    degrees => f64::to_degrees, radians => f64::to_radians,
}

pub extern "C" fn hypot(a: f64, b: f64) -> f64 {
    a.hypot(b)
}
pub extern "C" fn atan2(a: f64, b: f64) -> f64 {
    a.atan2(b)
}
pub extern "C" fn pow(a: f64, b: f64) -> f64 {
    a.powf(b)
}
pub extern "C" fn copysign(a: f64, b: f64) -> f64 {
    a.copysign(b)
}
pub extern "C" fn fmod(a: f64, b: f64) -> f64 {
    a % b
}

/// The two-argument math functions, by `math` name.
pub fn math_functions2() -> &'static [(&'static str, extern "C" fn(f64, f64) -> f64)] {
    &[("hypot", hypot), ("atan2", atan2), ("pow", pow), ("copysign", copysign), ("fmod", fmod)]
}

#[cfg(test)]
mod tests {
    #[test]
    fn status_codes_round_trip() {
        for (code, status) in super::Status::ALL.iter().enumerate() {
            assert_eq!(*status as u32, code as u32);
            assert_eq!(super::Status::from_code(code as u32), Some(*status));
        }
        assert_eq!(super::Status::from_code(super::Status::ALL.len() as u32), None);
    }

    use super::*;

    #[test]
    fn float_division_matches_python() {
        assert_eq!(float_floordiv(7.0, 2.0), 3.0);
        assert_eq!(float_floordiv(-7.0, 2.0), -4.0);
        assert_eq!(float_mod(-7.0, 2.0), 1.0);
        assert_eq!(float_mod(7.0, -2.0), -1.0);
        assert!(float_mod(-0.0, 5.0).is_sign_positive());
        assert!(float_mod(0.0, -5.0).is_sign_negative());
        assert_eq!(float_floordiv(1.0, 0.1), 9.0);
        assert_eq!(float_mod(1.0, 0.1), 0.09999999999999995);
    }

    #[test]
    fn helpers() {
        assert_eq!(int_pow_wrapping(3, 4), 81);
        assert_eq!(int_pow_wrapping(2, 64), 0);
        assert_eq!(round_ndigits(2.675, 2), 2.67);
        assert_eq!(round_ndigits(0.125, 2), 0.12);
        assert_eq!(round_ndigits(1234.5, -2), 1200.0);
    }
}
