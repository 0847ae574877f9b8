//! pynum's `numpy`, native half: the `_numpy` module `stdlib-shims/numpy/` is written on.
//!
//! Layers, each using only those below it: `module.rs` (the Python-facing functions and
//! the `_Array` class, argument conversion, errors as NumPy words them), `kernels.rs`
//! (elementwise loops, reductions, products; typed loops over raw memory), `promotion.rs`
//! (NumPy 2's result dtypes), `array.rs` (storage, views and their validation, items as
//! [`array::Value`]s). Nothing here panics on user input: every shape, stride and index is
//! checked where a view is made, and allocation failure is an error.
//!
//! Assumes one machine word is 64 bits (the layout shares `usize`/`isize` words with
//! `abi::array_layout::ArrayDesc`'s `i64` words).

pub mod array;
pub mod fpe;
pub mod kernels;
pub mod lanes;
pub mod linalg;
mod module;
pub mod promotion;
pub mod random;

pub use module::{
    adopt_native, module_def, ndarray_from_vec, ndarray_to_vec, view_into, with_ndarray, with_ndarray_slice, VecItem,
};
