//! pynum-runtime: what compiled code calls and what it hands back. Native functions
//! return a [`Status`] word and write results through an out-pointer; a non-zero status
//! names an exception the boundary raises with the interpreter's type and message, or a
//! deoptimization. The numeric helpers here implement Python's semantics where a machine
//! instruction does not (float floor division and modulo, integer powers).
//!
//! Assumes nothing of the VM: boxing lives with the dispatcher, which knows rustpython.

pub mod abi;
pub mod arrays;
pub mod dicts;
pub mod gamma;
pub mod hypot;
pub mod lists;
pub mod tuple_keys;

/// What native loops in automatic mode poll at their back edges: two flags, one byte
/// each, read together as one 16-bit word that is zero while neither is set. A set flag
/// sends the loop into the helper `pynum_safepoint` ([`safepoint`]), which decides.
#[repr(C, align(2))]
pub struct PollFlags {
    /// Set by pynum's `SIGINT` handler before it calls the interpreter's: the loop
    /// deoptimizes, so the interpreter, which has the signal pending too, raises
    /// `KeyboardInterrupt` where CPython would.
    pub interrupt: std::sync::atomic::AtomicBool,
    /// Set when a running call may move up a tier: its faster code is ready, or it has
    /// run long enough to ask for it (the dispatcher's safepoint hook says which).
    pub tier_up: std::sync::atomic::AtomicBool,
}

pub static POLL: PollFlags = PollFlags {
    interrupt: std::sync::atomic::AtomicBool::new(false),
    tier_up: std::sync::atomic::AtomicBool::new(false),
};

/// Where native code reads [`POLL`] (two bytes): this crate's flags, or the ones
/// [`use_poll_flags_at`] named.
pub fn poll_flags_address() -> usize {
    match POLL_FLAGS_ELSEWHERE.load(std::sync::atomic::Ordering::Relaxed) {
        0 => &POLL as *const PollFlags as usize,
        address => address,
    }
}

static POLL_FLAGS_ELSEWHERE: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Makes the code this copy of the crate helps compile poll the flags at `address`: a
/// backend loaded as a shared object (tier 2, `targets/llvm-loader`) carries its own copy
/// of this crate, and its native code must read the host's flags, which the host's
/// `SIGINT` handler and dispatcher set.
pub fn use_poll_flags_at(address: usize) {
    POLL_FLAGS_ELSEWHERE.store(address, std::sync::atomic::Ordering::Relaxed);
}

thread_local! {
    /// Whether this thread runs the interpreter's Python signal handlers (its main
    /// thread): only there does a set `interrupt` flag send a native loop back.
    static RUNS_SIGNAL_HANDLERS: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Marks the calling thread as the one whose native loops leave for the interpreter
/// when a signal arrives (the interpreter's main thread, where CPython runs Python
/// signal handlers). Another thread's native loop that saw the flag and took it sent
/// only itself back, cleared the flag, and the main thread's loop ran on for ever.
pub fn mark_signal_handling_thread() {
    RUNS_SIGNAL_HANDLERS.with(|runs| runs.set(true));
}

/// Whether the calling thread was marked by [`mark_signal_handling_thread`].
pub fn runs_signal_handlers() -> bool {
    RUNS_SIGNAL_HANDLERS.with(|runs| runs.get())
}

/// What `pynum_safepoint` answers: carry on.
pub const SAFEPOINT_CONTINUE: i64 = 0;
/// What `pynum_safepoint` answers: a signal arrived; leave for the interpreter.
pub const SAFEPOINT_INTERRUPT: i64 = 1;
/// What `pynum_safepoint` answers: this call's code at the next tier is ready; leave
/// with [`Status::TierUp`] and the loop's state.
pub const SAFEPOINT_TIER_UP: i64 = 2;

/// The dispatcher's side of a safepoint: given the polling function's remaining call
/// depth, whether it is the running call's own code and may move up a tier now.
pub type SafepointHook = fn(depth: i64) -> bool;

static SAFEPOINT_HOOK: std::sync::OnceLock<SafepointHook> = std::sync::OnceLock::new();

/// Installs the dispatcher's hook (once per process; later calls are ignored).
pub fn set_safepoint_hook(hook: SafepointHook) {
    let _ = SAFEPOINT_HOOK.set(hook);
}

/// The helper `pynum_safepoint`, which a native loop calls at a back edge when [`POLL`]
/// is not zero. An interrupt wins on the thread that runs signal handlers (other
/// threads carry on and leave the flag to it, as CPython's threads never see a signal);
/// otherwise the tier-up flag is cleared (the hook sets it again while something is
/// still to move) and the hook decides.
pub extern "C" fn safepoint(depth: i64) -> i64 {
    use std::sync::atomic::Ordering;
    if POLL.interrupt.load(Ordering::SeqCst) && runs_signal_handlers() {
        return SAFEPOINT_INTERRUPT;
    }
    if !POLL.tier_up.swap(false, Ordering::SeqCst) {
        return SAFEPOINT_CONTINUE;
    }
    match SAFEPOINT_HOOK.get() {
        Some(hook) if hook(depth) => SAFEPOINT_TIER_UP,
        _ => SAFEPOINT_CONTINUE,
    }
}

/// How a native call ended. `repr(u32)` because it is the native return value.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    Ok = 0,
    ZeroDivision = 1,
    /// `range()` with a zero step.
    RangeStepZero = 2,
    /// A `static_raise`: `out[0]` holds the index into the module's raise table.
    StaticRaise = 3,
    /// A negative shift count.
    NegativeShift = 4,
    /// Integer power of a zero base with a negative exponent under `@njit` (Numba's
    /// `ZeroDivisionError`; automatic mode leaves any negative exponent to the interpreter).
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
    /// An allocation (a list of `[x] * n`) that the memory cannot hold (`@njit`;
    /// automatic mode deoptimizes, and the interpreter raises as CPython does).
    MemoryError = 12,
    /// A NumPy array index outside its axis (`@njit` checks every index, as Numba does
    /// with `boundscheck=True`, and raises with Numba's message).
    ArrayIndexOutOfBounds = 13,
    /// The call's code at the next tier is ready and this loop moves there
    /// (on-stack replacement): `out[0]` is the block where it resumes, `out[1 + v]` the
    /// word of each variable `v` live there (the others are left as they were).
    TierUp = 14,
    /// A bytearray index out of range (`@njit`; automatic mode deoptimizes instead).
    ByteArrayIndexOutOfRange = 15,
    /// `//` of ints by zero (`@njit`, Numba's message; automatic mode deoptimizes).
    IntegerDivisionByZero = 16,
    /// `%` of ints by zero (`@njit`, Numba's message).
    IntegerModuloByZero = 17,
    /// `%` of floats by zero (`@njit`, Numba's message).
    ModuloByZero = 18,
}

/// The deepest native call chain a call may start, whatever the recursion limit: every
/// thread's stack, not only the main one, must hold it.
pub const MAX_NATIVE_DEPTH: i64 = 10_000;

impl Status {
    /// Every status, in code order.
    const ALL: [Status; 19] = [
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
        Status::MemoryError,
        Status::ArrayIndexOutOfBounds,
        Status::TierUp,
        Status::ByteArrayIndexOutOfRange,
        Status::IntegerDivisionByZero,
        Status::IntegerModuloByZero,
        Status::ModuloByZero,
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
            Status::NegativePower => ("ZeroDivisionError", "0 cannot be raised to a negative power"),
            Status::FloatToInt => ("ValueError", "cannot convert float NaN or infinity to integer"),
            Status::Deopt => ("SystemError", "native code asked for the interpreter"),
            Status::RecursionLimit => ("RecursionError", "maximum recursion depth exceeded"),
            Status::UnboundLocal => ("UnboundLocalError", "local variable referenced before assignment"),
            Status::IndexOutOfRange => ("IndexError", "list index out of range"),
            Status::ByteOutOfRange => ("ValueError", "byte must be in range(0, 256)"),
            Status::MemoryError => ("MemoryError", ""),
            Status::ArrayIndexOutOfBounds => ("IndexError", "index is out of bounds"),
            Status::TierUp => ("SystemError", "native code moved up a tier outside its dispatcher"),
            Status::ByteArrayIndexOutOfRange => ("IndexError", "bytearray index out of range"),
            Status::IntegerDivisionByZero => ("ZeroDivisionError", "integer division by zero"),
            Status::IntegerModuloByZero => ("ZeroDivisionError", "integer modulo by zero"),
            Status::ModuloByZero => ("ZeroDivisionError", "modulo by zero"),
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

/// `round(x, ndigits)` on an int: `x` itself for `ndigits >= 0`, else rounded half to
/// even at `10**-ndigits`, exactly (CPython's `long_round`). An answer that leaves 64 bits
/// comes back as `i64::MIN`, which is never a multiple of ten and so never an answer.
pub extern "C" fn round_int_ndigits(x: i64, ndigits: i64) -> i64 {
    if ndigits >= 0 {
        return x;
    }
    // 10**39 exceeds every i64 twice over, so any x rounds to 0 from there on.
    if ndigits < -38 {
        return 0;
    }
    let unit = 10i128.pow((-ndigits) as u32);
    let (x, half) = (i128::from(x), unit / 2);
    let (quotient, remainder) = (x.div_euclid(unit), x.rem_euclid(unit));
    let up = remainder > half || (remainder == half && quotient % 2 != 0);
    let rounded = (quotient + i128::from(up)) * unit;
    i64::try_from(rounded).unwrap_or(i64::MIN)
}

/// `round(x, ndigits)` on floats as CPython's `float___round___impl` does it: correctly
/// rounded half to even on the exact binary value, then read back with correct rounding.
/// An answer too large for a float comes back as an infinity from a finite `x`, which
/// automatic mode turns into the interpreter's `OverflowError`.
pub extern "C" fn round_ndigits(x: f64, ndigits: i64) -> f64 {
    // CPython's NDIGITS_MAX and NDIGITS_MIN: beyond them every double is already exact,
    // or rounds to zero.
    const NDIGITS_MAX: i64 = 323;
    const NDIGITS_MIN: i64 = -308;
    if ndigits > NDIGITS_MAX || x == 0.0 || !x.is_finite() {
        return x;
    }
    if ndigits < NDIGITS_MIN {
        return 0.0 * x;
    }
    if ndigits >= 0 {
        // Rust's fixed-precision formatting is exact and rounds half to even, as
        // CPython's dtoa in mode 3 does.
        return format!("{:.*}", ndigits as usize, x).parse().unwrap_or(x);
    }
    round_to_power_of_ten(x, (-ndigits) as usize)
}

/// `x` rounded half to even to a multiple of `10**places`, through its exact decimal digits.
fn round_to_power_of_ten(x: f64, places: usize) -> f64 {
    let magnitude = x.abs();
    let whole = magnitude.trunc();
    let has_fraction = magnitude != whole;
    // An integral float prints exactly with no decimals.
    let digits = format!("{whole:.0}");
    let digits = if digits.len() <= places { format!("{digits:0>width$}", width = places + 1) } else { digits };
    let (high, low) = digits.split_at(digits.len() - places);
    let half = format!("5{}", "0".repeat(places - 1));
    let last_is_odd = high.as_bytes().last().is_some_and(|d| (d - b'0') % 2 == 1);
    let up = match low.cmp(half.as_str()) {
        std::cmp::Ordering::Greater => true,
        std::cmp::Ordering::Equal => has_fraction || last_is_odd,
        std::cmp::Ordering::Less => false,
    };
    let high = if up { increment_decimal(high) } else { high.to_owned() };
    let sign = if x.is_sign_negative() { "-" } else { "" };
    // Correctly rounded, and an infinity when the answer is beyond the largest float.
    format!("{sign}{high}e{places}").parse().unwrap_or(f64::INFINITY.copysign(x))
}

/// A string of decimal digits plus one.
fn increment_decimal(digits: &str) -> String {
    let mut bytes = digits.as_bytes().to_vec();
    for byte in bytes.iter_mut().rev() {
        if *byte == b'9' {
            *byte = b'0';
        } else {
            *byte += 1;
            return String::from_utf8(bytes).expect("decimal digits");
        }
    }
    bytes.insert(0, b'1');
    String::from_utf8(bytes).expect("decimal digits")
}

// The `math` functions native code calls are the ops registry's helpers
// (`pynum_jit::ops`), each next to its typing rule and lowering.

/// FNV-1a over `sources`, at compile time: the fingerprints (`abi::SOURCE_FINGERPRINT`,
/// LIR's) by which a backend in a separate shared object checks it was built from the
/// same definitions as the host.
pub const fn fingerprint(sources: &[&str]) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    let mut s = 0;
    while s < sources.len() {
        let bytes = sources[s].as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            hash ^= bytes[i] as u64;
            hash = hash.wrapping_mul(0x100_0000_01b3);
            i += 1;
        }
        s += 1;
    }
    hash
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

    #[test]
    fn rounding_to_tens_is_exact() {
        assert_eq!([15, 25, -15, -25, 14, 35].map(|x| round_int_ndigits(x, -1)), [20, 20, -20, -20, 10, 40]);
        assert_eq!(round_int_ndigits(i64::MAX, -1), i64::MIN, "leaves 64 bits");
        assert_eq!(round_int_ndigits(i64::MAX, -2), 9223372036854775800);
        assert_eq!(round_int_ndigits(i64::MIN, -19), i64::MIN, "-10**19 leaves 64 bits");
        assert_eq!(round_int_ndigits(i64::MAX, -40), 0);
        assert_eq!(round_ndigits(5e307, -308), 1e308);
        assert_eq!(round_ndigits(1.5e308, -308), f64::INFINITY);
        assert_eq!(round_ndigits(1.2345678901234567e17, -5), 1.234567890123e17);
        assert_eq!(round_ndigits(14.9, -1), 10.0);
        assert_eq!(round_ndigits(15.0, -1), 20.0);
        assert_eq!(round_ndigits(25.0, -1), 20.0);
        assert_eq!(round_ndigits(25.5, -1), 30.0);
        assert!(round_ndigits(-14.0, -2).is_sign_negative());
        assert_eq!(round_ndigits(5e-324, 323), 0.0);
        assert_eq!(round_ndigits(5e-324, 324), 5e-324);
        assert_eq!(round_ndigits(f64::INFINITY, -400), f64::INFINITY);
        assert!(round_ndigits(-1.0, -400).is_sign_negative());
    }
}
