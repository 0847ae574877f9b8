//! `math.hypot` and `math.dist` as CPython 3.11 computes them (its `vector_norm`): each
//! coordinate scaled by a power of two so the largest lies in [0.5, 1), squared and summed
//! exactly (double-length products and sums), then one square root with a correction
//! step. rustpython's `math` (the `pymath` crate) follows CPython 3.12+, which rescales
//! subnormal inputs by `DBL_MIN` and recurses; 3.11 instead divides each coordinate by the
//! largest and sums the squares with a running compensation, which rounds differently in
//! the last bit for about one subnormal input in forty. pynum's interpreter
//! (`cpython_fidelity`) and native code (the ops registry's helpers) both call this.
//!
//! Assumes IEEE doubles with round-to-nearest and a correctly rounded `sqrt`.

/// A value held as the unevaluated sum of two doubles.
#[derive(Clone, Copy)]
struct DoubleLength {
    hi: f64,
    lo: f64,
}

/// `a + b` exactly, when `|a| >= |b|` (Dekker's fast two-sum).
fn fast_two_sum(a: f64, b: f64) -> DoubleLength {
    let hi = a + b;
    let lo = b - (hi - a);
    DoubleLength { hi, lo }
}

/// `x` split into two halves of 26 bits each (Veltkamp), so their products are exact.
fn split(x: f64) -> DoubleLength {
    let t = x * 134_217_729.0; // 2**27 + 1
    let hi = t - (t - x);
    DoubleLength { hi, lo: x - hi }
}

/// `x * y` exactly, without fused multiply-adds (Dekker's product).
fn two_product(x: f64, y: f64) -> DoubleLength {
    let (a, b) = (split(x), split(y));
    let p = a.hi * b.hi;
    let q = a.hi * b.lo + a.lo * b.hi;
    let hi = p + q;
    let lo = p - hi + q + a.lo * b.lo;
    DoubleLength { hi, lo }
}

/// The exponent `e` with `x = m * 2**e` and `m` in [0.5, 1), for a positive finite `x`.
fn exponent(x: f64) -> i32 {
    let bits = x.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    if biased == 0 {
        // Subnormal: `mantissa * 2**-1074`, its leading one at bit `63 - leading_zeros`.
        let mantissa = bits & ((1 << 52) - 1);
        -1010 - mantissa.leading_zeros() as i32
    } else {
        biased - 1022
    }
}

/// `2**k` for `k` in [-1074, 1023], exactly.
fn power_of_two(k: i32) -> f64 {
    if k >= -1022 {
        f64::from_bits(((k + 1023) as u64) << 52)
    } else {
        f64::from_bits(1u64 << (k + 1074))
    }
}

/// The Euclidean norm of `coordinates` (finite or not) as CPython 3.11's `math.hypot`.
pub fn vector_norm(coordinates: &[f64]) -> f64 {
    let mut max = 0.0f64;
    let mut found_nan = false;
    for &x in coordinates {
        let x = x.abs();
        found_nan |= x.is_nan();
        if x > max {
            max = x;
        }
    }
    if max.is_infinite() {
        return max;
    }
    if found_nan {
        return f64::NAN;
    }
    if max == 0.0 || coordinates.len() <= 1 {
        return max;
    }
    let max_e = exponent(max);
    if max_e < -1023 {
        // 2**-max_e would overflow: each coordinate is divided by the largest instead,
        // and the squares summed with a running compensation.
        let mut sum = 1.0f64;
        let mut compensation = 0.0f64;
        for &x in coordinates {
            let ratio = x.abs() / max;
            let square = ratio * ratio;
            let before = sum;
            sum += square;
            compensation += (before - sum) + square;
        }
        return max * (sum - 1.0 + compensation).sqrt();
    }
    let scale = power_of_two(-max_e);
    let mut sum = 1.0f64;
    let (mut low_products, mut low_sums) = (0.0f64, 0.0f64);
    for &x in coordinates {
        let scaled = x.abs() * scale; // exact: a power of two
        let square = two_product(scaled, scaled);
        let added = fast_two_sum(sum, square.hi);
        sum = added.hi;
        low_products += square.lo;
        low_sums += added.lo;
    }
    let mut h = (sum - 1.0 + (low_products + low_sums)).sqrt();
    // One Newton step on the residual, computed as exactly as the sum was.
    let square = two_product(-h, h);
    let added = fast_two_sum(sum, square.hi);
    sum = added.hi;
    low_products += square.lo;
    low_sums += added.lo;
    let residual = sum - 1.0 + (low_products + low_sums);
    h += residual / (2.0 * h);
    h / scale
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exponents_match_frexp() {
        for (x, e) in [(1.0, 1), (0.5, 0), (0.75, 0), (3.0, 2), (f64::MIN_POSITIVE, -1021), (5e-324, -1073)] {
            assert_eq!(exponent(x), e, "{x}");
        }
        assert_eq!(power_of_two(-1074), 5e-324);
        assert_eq!(power_of_two(1023), 2f64.powi(1023));
    }

    #[test]
    fn simple_norms() {
        assert_eq!(vector_norm(&[3.0, 4.0]), 5.0);
        assert_eq!(vector_norm(&[3.0, 4.0, 12.0]), 13.0);
        assert_eq!(vector_norm(&[-2.5]), 2.5);
        assert!(vector_norm(&[f64::NAN, 1.0]).is_nan());
        assert_eq!(vector_norm(&[f64::NAN, f64::NEG_INFINITY]), f64::INFINITY);
        assert_eq!(vector_norm(&[]), 0.0);
    }
}
