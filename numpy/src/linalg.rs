//! `numpy.linalg`'s factorizations: LU with partial pivoting, and from it `solve`, `inv`
//! and `slogdet` (NumPy computes `det` from `slogdet`).
//!
//! Written here rather than taken from a linear-algebra crate because the order of the
//! arithmetic decides the last bits NumPy prints: this is reference LAPACK's (`dgetrf`
//! on one panel: the first largest pivot, the column scaled by the pivot's reciprocal,
//! rank-one updates in column order; `dgetrs`' substitutions, no fused multiply-adds).
//! NumPy's OpenBLAS blocks and fuses differently, so some results differ from NumPy's
//! in their last bits; printed at NumPy's default precision they agree.
//!
//! Assumes square row-major f64 matrices (the caller converts).

/// An LU factorization: `lu` holds L (unit diagonal, below) and U (on and above),
/// `pivots[k]` the row swapped with row k at step k, `singular` whether a pivot was 0.
pub struct Lu {
    n: usize,
    lu: Vec<f64>,
    pivots: Vec<usize>,
    singular: bool,
}

/// The smallest f64 whose reciprocal does not overflow (LAPACK's `sfmin`).
const SAFE_MIN: f64 = f64::MIN_POSITIVE;

impl Lu {
    pub fn of(matrix: &[f64], n: usize) -> Lu {
        let mut a = matrix.to_vec();
        let mut pivots = vec![0; n];
        let mut singular = false;
        for k in 0..n {
            let mut p = k;
            for i in k + 1..n {
                if a[i * n + k].abs() > a[p * n + k].abs() {
                    p = i;
                }
            }
            pivots[k] = p;
            let pivot = a[p * n + k];
            if pivot != 0.0 {
                if p != k {
                    for j in 0..n {
                        a.swap(k * n + j, p * n + j);
                    }
                }
                if pivot.abs() >= SAFE_MIN {
                    let r = 1.0 / pivot;
                    for i in k + 1..n {
                        a[i * n + k] *= r;
                    }
                } else {
                    for i in k + 1..n {
                        a[i * n + k] /= pivot;
                    }
                }
            } else {
                singular = true;
            }
            for i in k + 1..n {
                let l = a[i * n + k];
                for j in k + 1..n {
                    a[i * n + j] -= l * a[k * n + j];
                }
            }
        }
        Lu { n, lu: a, pivots, singular }
    }

    pub fn is_singular(&self) -> bool {
        self.singular
    }

    /// Solves A X = B for `b` holding `cols` right-hand sides as the columns of an n×cols
    /// row-major matrix; `None` when A is singular.
    pub fn solve(&self, b: &[f64], cols: usize) -> Option<Vec<f64>> {
        if self.singular {
            return None;
        }
        let (n, a) = (self.n, &self.lu);
        let mut x = b.to_vec();
        for k in 0..n {
            let p = self.pivots[k];
            if p != k {
                for c in 0..cols {
                    x.swap(k * cols + c, p * cols + c);
                }
            }
        }
        for c in 0..cols {
            for k in 0..n {
                let xk = x[k * cols + c];
                if xk != 0.0 {
                    for i in k + 1..n {
                        x[i * cols + c] -= xk * a[i * n + k];
                    }
                }
            }
            for k in (0..n).rev() {
                if x[k * cols + c] != 0.0 {
                    x[k * cols + c] /= a[k * n + k];
                    let xk = x[k * cols + c];
                    for i in 0..k {
                        x[i * cols + c] -= xk * a[i * n + k];
                    }
                }
            }
        }
        Some(x)
    }

    /// (sign, log |det|) as NumPy's `slogdet`: (0, -inf) when singular.
    pub fn slogdet(&self) -> (f64, f64) {
        if self.singular {
            return (0.0, f64::NEG_INFINITY);
        }
        let swaps = self.pivots.iter().enumerate().filter(|&(k, &p)| p != k).count();
        let mut sign = if swaps % 2 == 1 { -1.0 } else { 1.0 };
        let mut logdet = 0.0;
        for i in 0..self.n {
            let mut d = self.lu[i * self.n + i];
            if d < 0.0 {
                sign = -sign;
                d = -d;
            }
            logdet += d.ln();
        }
        (sign, logdet)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_determinant_of_a_small_matrix_is_numpys() {
        // NumPy 2.4: np.linalg.det([[1, 2], [3, 4]]) == -2.0000000000000004.
        let (sign, logdet) = Lu::of(&[1.0, 2.0, 3.0, 4.0], 2).slogdet();
        assert_eq!(sign * logdet.exp(), -2.0000000000000004);
        let x = Lu::of(&[2.0, 1.0, 1.0, 3.0], 2).solve(&[3.0, 5.0], 1).unwrap();
        assert_eq!(x, vec![0.8, 1.4]);
        assert!(Lu::of(&[1.0, 2.0, 2.0, 4.0], 2).is_singular());
    }
}
