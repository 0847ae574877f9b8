//! Operations along one axis, lane by lane: `sort`, `argsort`, `cumsum`/`cumprod`, and
//! `searchsorted`; and `where`'s elementwise selection.
//!
//! Assumes lanes are worked on in a C-contiguous copy whose last axis is the lane (the
//! axis moved last), so every lane is a slice; results are made C-contiguous again, as
//! NumPy returns them. Orders are NumPy's: NaN after every number, complex numbers by
//! real then imaginary part; sorts are stable (NumPy's `kind='stable'`; its default
//! introsort may order equal items differently in `argsort`).

use crate::array::{Array, ArrayError, ArrayResult, DType, Value};
use crate::kernels::{with_type, Num, C128};
use crate::promotion::BinOp;
use std::cmp::Ordering;

/// NumPy's sort order: NaNs last (equal to each other), otherwise the type's order.
fn sort_order<T: Num>(a: &T, b: &T) -> Ordering {
    match (a.is_nan(), b.is_nan()) {
        (true, true) => Ordering::Equal,
        (true, false) => Ordering::Greater,
        (false, true) => Ordering::Less,
        (false, false) => a.partial_cmp(b).unwrap_or(Ordering::Equal),
    }
}

/// `a` with `axis` moved last, as a C-contiguous copy in `dtype`, and the permutation
/// that moved it.
fn lanes_of(a: &Array, axis: usize, dtype: DType) -> ArrayResult<(Array, Vec<usize>)> {
    let mut order: Vec<usize> = (0..a.ndim()).filter(|&k| k != axis).collect();
    order.push(axis);
    Ok((a.permuted(&order).to_contiguous(dtype)?, order))
}

/// The lanes' array back in the original axis order, C-contiguous.
fn restored(work: &Array, order: &[usize]) -> ArrayResult<Array> {
    let mut inverse = vec![0; order.len()];
    for (position, &axis) in order.iter().enumerate() {
        inverse[axis] = position;
    }
    work.permuted(&inverse).to_contiguous(work.dtype)
}

/// The items of a C-contiguous array of item type `T`.
///
/// # Safety
/// `a` is C-contiguous, its dtype is `T::DTYPE`, and no other reference to its items is
/// alive while the slice is. (Arrays are shared handles whose items are written through
/// their data pointer, hence a mutable slice from a shared reference.)
#[allow(clippy::mut_from_ref)]
unsafe fn items_mut<T: Num>(a: &Array) -> &mut [T] {
    unsafe { std::slice::from_raw_parts_mut(a.data().cast::<T>(), a.size()) }
}

/// Checks that the array has an axis to work along (`ndim` > 0) and returns the lane
/// length of the work array.
fn lane_len(work: &Array) -> usize {
    work.shape().last().copied().unwrap_or(1)
}

/// `np.sort(a, axis)`: a sorted copy.
pub fn sort(a: &Array, axis: usize) -> ArrayResult<Array> {
    let (work, order) = lanes_of(a, axis, a.dtype)?;
    let n = lane_len(&work);
    if n > 1 {
        with_type!(work.dtype, T => {
            // SAFETY: `work` is a new C-contiguous array of `T`, only used here.
            let items = unsafe { items_mut::<T>(&work) };
            items.chunks_mut(n).for_each(|lane| lane.sort_by(sort_order));
        });
    }
    restored(&work, &order)
}

/// `np.argsort(a, axis)`: int64 positions that sort each lane (stable).
pub fn argsort(a: &Array, axis: usize) -> ArrayResult<Array> {
    let (work, order) = lanes_of(a, axis, a.dtype)?;
    let n = lane_len(&work);
    let positions = Array::zeros(DType::Int64, work.shape().to_vec())?;
    with_type!(work.dtype, T => {
        // SAFETY: both are new C-contiguous arrays of their types, only used here.
        let items = unsafe { items_mut::<T>(&work) };
        let out = unsafe { items_mut::<i64>(&positions) };
        if n > 0 {
            for (lane, out_lane) in items.chunks(n).zip(out.chunks_mut(n)) {
                let mut idx: Vec<usize> = (0..n).collect();
                idx.sort_by(|&i, &j| sort_order(&lane[i], &lane[j]));
                for (o, i) in out_lane.iter_mut().zip(idx) {
                    *o = i as i64;
                }
            }
        }
    });
    restored(&positions, &order)
}

/// `cumsum`/`cumprod` along `axis` in the accumulator `dtype` (items added in order).
pub fn scan(op: BinOp, a: &Array, axis: usize, dtype: DType) -> ArrayResult<Array> {
    if !matches!(op, BinOp::Add | BinOp::Multiply) {
        return Err(ArrayError::Value("scan: only add and multiply accumulate".into()));
    }
    let (work, order) = lanes_of(a, axis, dtype)?;
    let n = lane_len(&work);
    if n > 1 {
        with_type!(work.dtype, T => {
            // SAFETY: `work` is a new C-contiguous array of `T`, only used here.
            let items = unsafe { items_mut::<T>(&work) };
            for lane in items.chunks_mut(n) {
                for i in 1..n {
                    lane[i] = lane[i - 1].binary(op, lane[i]);
                }
            }
        });
    }
    restored(&work, &order)
}

/// `np.searchsorted(sorted, v, side)`: for each item of `v`, the first position (left)
/// or the position after the last equal item (right) where it keeps `sorted` in order;
/// both are compared in `dtype`. The result has `v`'s shape.
pub fn searchsorted(sorted: &Array, v: &Array, right: bool, dtype: DType) -> ArrayResult<Array> {
    if sorted.ndim() != 1 {
        return Err(ArrayError::Value("object too deep for desired array".into()));
    }
    let hay = sorted.to_contiguous(dtype)?;
    let needles = v.to_contiguous(dtype)?;
    let out = Array::zeros(DType::Int64, v.shape().to_vec())?;
    with_type!(dtype, T => {
        // SAFETY: new C-contiguous arrays of their types, only used here.
        let (hay, needles, out) = unsafe { (items_mut::<T>(&hay), items_mut::<T>(&needles), items_mut::<i64>(&out)) };
        for (o, x) in out.iter_mut().zip(needles.iter()) {
            *o = hay.partition_point(|h| match sort_order(h, x) {
                Ordering::Less => true,
                Ordering::Equal => right,
                Ordering::Greater => false,
            }) as i64;
        }
    });
    Ok(out)
}

/// `np.where(cond, x, y)` for operands already broadcast to one shape: `x`'s item where
/// `cond` is true, else `y`'s, cast to `dtype`.
pub fn select(cond: &Array, x: &Array, y: &Array, dtype: DType) -> ArrayResult<Array> {
    if cond.shape() != x.shape() || x.shape() != y.shape() {
        return Err(ArrayError::Value("where: operands differ in shape".into()));
    }
    let out = Array::zeros(dtype, cond.shape().to_vec())?;
    let (c, xs, ys) = (cond.values(), x.values(), y.values());
    let (dst, itemsize) = (out.data(), dtype.itemsize());
    for (i, ((c, xv), yv)) in c.into_iter().zip(xs).zip(ys).enumerate() {
        let v: Value = if c.as_bool() { xv } else { yv };
        // SAFETY: `out` is a new C-contiguous array with one item per index.
        unsafe { v.write(dtype, dst.add(i * itemsize)) };
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nans_sort_last_and_complex_by_real_then_imaginary() {
        let mut xs = [2.0, f64::NAN, -1.0, 0.5];
        xs.sort_by(sort_order);
        assert_eq!(&xs[..3], &[-1.0, 0.5, 2.0]);
        assert!(xs[3].is_nan());
        let a = C128 { re: 1.0, im: 2.0 };
        let b = C128 { re: 1.0, im: -1.0 };
        assert_eq!(sort_order(&a, &b), Ordering::Greater);
    }
}
