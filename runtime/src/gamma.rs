//! `math.gamma` and `math.lgamma` as CPython computes them: Lanczos' approximation
//! (g = 6.024680040776729583740234375, 13 terms), a table of factorials for small integer
//! arguments, the reflection formula for negative ones, each step an ordinary multiply
//! and add. rustpython's `math` (the `pymath` crate, built with its `mul_add` feature)
//! fuses those multiply-adds, which changes the last bit of about a third of the
//! results; pynum's interpreter (`cpython_fidelity`) and native code (the ops registry's
//! helpers) both call these instead, so they agree with CPython and with each other.
//!
//! Assumes IEEE doubles and the C library's `exp`, `log`, `pow`, `sin` and `cos` (Rust's
//! `f64` methods call them), as CPython's `mathmodule.c` does.

use std::f64::consts::PI;

/// Why CPython's `math_1` raises: `ValueError` ("math domain error") or `OverflowError`
/// ("math range error").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MathError {
    Domain,
    Range,
}

// Both exact in binary (CPython writes them to all their digits).
#[allow(clippy::excessive_precision)]
const LANCZOS_G: f64 = 6.024_680_040_776_729_583_740_234_375;
#[allow(clippy::excessive_precision)]
const LANCZOS_G_MINUS_HALF: f64 = 5.524_680_040_776_729_583_740_234_375;
/// Numerator coefficients of Lanczos' sum, lowest power first.
#[allow(clippy::excessive_precision)]
const LANCZOS_NUMERATOR: [f64; 13] = [
    23_531_376_880.410_759_688_572_007_674_451_636_754_734_846_804_940,
    42_919_803_642.649_098_768_957_899_047_001_988_850_926_355_848_959,
    35_711_959_237.355_668_049_440_185_451_547_166_705_960_488_635_843,
    17_921_034_426.037_209_699_919_755_754_458_931_112_671_403_265_390,
    6_039_542_586.352_028_005_064_291_644_307_297_921_069_938_842_070_8,
    1_439_720_407.311_721_673_663_223_072_794_912_393_971_548_578_677_2,
    248_874_557.862_054_156_511_460_386_413_229_423_216_321_251_278_01,
    31_426_415.585_400_194_380_614_231_628_318_205_362_874_684_987_640,
    2_876_370.628_935_372_441_225_409_051_620_849_613_599_114_537_876_8,
    186_056.265_395_223_495_040_294_989_716_045_699_282_207_842_363_28,
    8_071.672_002_365_816_210_638_002_902_272_250_613_821_851_632_502_4,
    210.824_277_751_579_345_872_509_733_920_713_362_711_669_695_802_91,
    2.506_628_274_631_000_270_164_908_177_133_837_338_626_431_079_340_8,
];
/// Denominator coefficients: the expansion of x(x+1)...(x+11), lowest power first.
const LANCZOS_DENOMINATOR: [f64; 13] = [
    0.0,
    39_916_800.0,
    120_543_840.0,
    150_917_976.0,
    105_258_076.0,
    45_995_730.0,
    13_339_535.0,
    2_637_558.0,
    357_423.0,
    32_670.0,
    1_925.0,
    66.0,
    1.0,
];
const LOG_PI: f64 = 1.144_729_885_849_400_174_143_427_351_353_058_711_647;

/// Lanczos' rational sum at `x > 0`: by Horner's rule in `x` below 5, in `1/x` above
/// (which keeps large arguments from overflowing).
fn lanczos_sum(x: f64) -> f64 {
    let (mut numerator, mut denominator) = (0.0, 0.0);
    if x < 5.0 {
        for i in (0..13).rev() {
            numerator = numerator * x + LANCZOS_NUMERATOR[i];
            denominator = denominator * x + LANCZOS_DENOMINATOR[i];
        }
    } else {
        for i in 0..13 {
            numerator = numerator / x + LANCZOS_NUMERATOR[i];
            denominator = denominator / x + LANCZOS_DENOMINATOR[i];
        }
    }
    numerator / denominator
}

/// `sin(pi * x)` for finite `x`, exact at integers and half-integers (the argument is
/// reduced to [0, 2) and to the nearest quarter-turn first).
fn sin_pi(x: f64) -> f64 {
    let y = x.abs() % 2.0;
    let r = match (2.0 * y).round() as i32 {
        0 => (PI * y).sin(),
        1 => (PI * (y - 0.5)).cos(),
        // Not -sin(pi*(y-1)): that gives -0.0 at y == 1.
        2 => (PI * (1.0 - y)).sin(),
        3 => -(PI * (y - 1.5)).cos(),
        _ => (PI * (y - 2.0)).sin(),
    };
    1.0f64.copysign(x) * r
}

/// `math.gamma(x)`.
pub fn gamma(x: f64) -> Result<f64, MathError> {
    if !x.is_finite() {
        // gamma(nan) = nan, gamma(inf) = inf, gamma(-inf) is invalid.
        return if x.is_nan() || x > 0.0 { Ok(x) } else { Err(MathError::Domain) };
    }
    if x == 0.0 {
        return Err(MathError::Domain);
    }
    if x == x.floor() {
        if x < 0.0 {
            return Err(MathError::Domain);
        }
        if x <= 23.0 {
            // (n - 1)!, exact in a double up to 22!.
            return Ok((1..x as u64).fold(1.0, |product, k| product * k as f64));
        }
    }
    let absx = x.abs();
    if absx < 1e-20 {
        let r = 1.0 / x;
        return if r.is_infinite() { Err(MathError::Range) } else { Ok(r) };
    }
    // Beyond 200 the result overflows (or, for negative x, underflows to a signed zero).
    if absx > 200.0 {
        return if x < 0.0 { Ok(0.0 / sin_pi(x)) } else { Err(MathError::Range) };
    }
    let y = absx + LANCZOS_G_MINUS_HALF;
    // The rounding error of y, for the correction below.
    let z = if absx > LANCZOS_G_MINUS_HALF {
        let q = y - absx;
        q - LANCZOS_G_MINUS_HALF
    } else {
        let q = y - LANCZOS_G_MINUS_HALF;
        q - absx
    };
    let z = z * LANCZOS_G / y;
    let mut r;
    if x < 0.0 {
        r = -PI / sin_pi(absx) / absx * y.exp() / lanczos_sum(absx);
        r -= z * r;
        if absx < 140.0 {
            r /= y.powf(absx - 0.5);
        } else {
            let root = y.powf(absx / 2.0 - 0.25);
            r /= root;
            r /= root;
        }
    } else {
        r = lanczos_sum(absx) / y.exp();
        r += z * r;
        if absx < 140.0 {
            r *= y.powf(absx - 0.5);
        } else {
            let root = y.powf(absx / 2.0 - 0.25);
            r *= root;
            r *= root;
        }
    }
    if r.is_infinite() {
        Err(MathError::Range)
    } else {
        Ok(r)
    }
}

/// `math.lgamma(x)`.
pub fn lgamma(x: f64) -> Result<f64, MathError> {
    if !x.is_finite() {
        // lgamma(nan) = nan, lgamma(+-inf) = inf.
        return Ok(if x.is_nan() { x } else { f64::INFINITY });
    }
    if x == x.floor() && x <= 2.0 {
        // Poles at 0, -1, -2...; lgamma(1) = lgamma(2) = 0.
        return if x <= 0.0 { Err(MathError::Domain) } else { Ok(0.0) };
    }
    let absx = x.abs();
    if absx < 1e-20 {
        return Ok(-absx.ln());
    }
    let mut r = lanczos_sum(absx).ln() - LANCZOS_G;
    r += (absx - 0.5) * ((absx + LANCZOS_G - 0.5).ln() - 1.0);
    if x < 0.0 {
        // The reflection formula.
        r = LOG_PI - sin_pi(absx).abs().ln() - absx.ln() - r;
    }
    if r.is_infinite() {
        Err(MathError::Range)
    } else {
        Ok(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values CPython 3.11 prints (`repr(math.gamma(x))`, `repr(math.lgamma(x))`),
    /// among them ones where a fused multiply-add gives another last bit.
    #[test]
    fn cpythons_answers() {
        assert_eq!(lgamma(1.0 / 7.0), Ok(1.879_169_271_595_836_6));
        assert_eq!(lgamma(27.122_514_188_852_513), Ok(61.663_488_490_578_274));
        assert_eq!(gamma(5.0), Ok(24.0));
        assert_eq!(gamma(23.0), Ok(1_124_000_727_777_607_680_000.0));
        assert_eq!(gamma(0.5), Ok(1.772_453_850_905_515_9));
        assert_eq!(gamma(-1.0), Err(MathError::Domain));
        assert_eq!(gamma(0.0), Err(MathError::Domain));
        assert_eq!(gamma(200.0), Err(MathError::Range));
        assert_eq!(gamma(f64::NEG_INFINITY), Err(MathError::Domain));
        assert_eq!(lgamma(-2.0), Err(MathError::Domain));
        assert_eq!(lgamma(2.0), Ok(0.0));
        assert_eq!(lgamma(f64::NEG_INFINITY), Ok(f64::INFINITY));
        assert!(gamma(-250.5).is_ok_and(|r| r == 0.0 && r.is_sign_negative()));
    }
}
