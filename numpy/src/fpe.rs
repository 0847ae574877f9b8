//! Floating-point errors of an operation, as NumPy reports them ("divide by zero
//! encountered in divide"): the CPU's exception flags are cleared before a kernel runs and
//! read after it, as NumPy does with `fetestexcept`; integer division by zero sets the
//! divide flag by hand, as NumPy's integer loops do. Each guarded operation starts with no
//! flags pending on its thread, so [`take`] gives those of the latest one; the Python layer
//! takes them after each ufunc and warns or raises by `np.seterr`'s settings.
//!
//! Assumes float arithmetic runs on SSE (x86-64's MXCSR holds its sticky flags); on other
//! targets float flags are not read and only integer division by zero is reported.

use std::cell::Cell;

/// NumPy's flag bits (also MXCSR's low bits): invalid, divide by zero, overflow, underflow.
pub const INVALID: u32 = 0x1;
pub const DIVIDE: u32 = 0x4;
pub const OVERFLOW: u32 = 0x8;
pub const UNDERFLOW: u32 = 0x10;
const REPORTED: u32 = INVALID | DIVIDE | OVERFLOW | UNDERFLOW;

thread_local! {
    static PENDING: Cell<u32> = const { Cell::new(0) };
}

/// Records a flag raised by hand (integer division by zero).
pub fn raise(flag: u32) {
    PENDING.with(|p| p.set(p.get() | flag));
}

/// The flags raised since the last call, cleared.
pub fn take() -> u32 {
    PENDING.with(|p| p.replace(0))
}

/// Runs `op` with the CPU's float exception flags cleared, and records those it raised
/// (replacing what an earlier operation left), except `ignored` ones: comparisons,
/// maximum and minimum raise "invalid" on a NaN in vector compares, where NumPy's quiet
/// loops do not.
pub fn guarded<R>(ignored: u32, op: impl FnOnce() -> R) -> R {
    PENDING.with(|p| p.set(0));
    #[cfg(target_arch = "x86_64")]
    {
        let before = mxcsr::read();
        mxcsr::write(before & !0x3f);
        let result = op();
        let after = mxcsr::read();
        mxcsr::write(before);
        raise(after & REPORTED & !ignored);
        result
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = ignored;
        op()
    }
}

#[cfg(target_arch = "x86_64")]
mod mxcsr {
    use std::arch::asm;

    pub fn read() -> u32 {
        let mut value: u32 = 0;
        // SAFETY: stores the 32-bit control/status register into a local.
        unsafe { asm!("stmxcsr [{}]", in(reg) &mut value, options(nostack, preserves_flags)) };
        value
    }

    pub fn write(value: u32) {
        // SAFETY: loads a value read from the register with only its sticky exception
        // bits (0-5) changed; rounding and masks stay as they were.
        unsafe { asm!("ldmxcsr [{}]", in(reg) &value, options(nostack, preserves_flags)) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn division_by_zero_and_invalid_operations_are_seen() {
        take();
        let zero = std::hint::black_box(0.0f64);
        let r = guarded(0, || std::hint::black_box(1.0) / std::hint::black_box(zero));
        assert!(r.is_infinite());
        #[cfg(target_arch = "x86_64")]
        assert_eq!(take() & (DIVIDE | INVALID), DIVIDE);
        let r = guarded(0, || std::hint::black_box(zero) / std::hint::black_box(zero));
        assert!(r.is_nan());
        #[cfg(target_arch = "x86_64")]
        assert_eq!(take() & INVALID, INVALID);
        guarded(0, || std::hint::black_box(1.0) + 2.0);
        guarded(INVALID, || std::hint::black_box(zero) / std::hint::black_box(zero));
        #[cfg(target_arch = "x86_64")]
        assert_eq!(take() & INVALID, 0);
        assert_eq!(take(), 0);
        raise(DIVIDE);
        assert_eq!(take(), DIVIDE);
    }
}
