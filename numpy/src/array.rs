//! Arrays: an allocation shared by views, and a view of it (data offset, dtype, shape,
//! strides) in the layout of `pynum_runtime::abi::array_layout`.
//!
//! Assumes the requirements listed there; [`Array::new_view`] is the one place they are
//! checked, and every other constructor goes through it, which is what makes the raw
//! reads and writes of this crate sound.

use pynum_runtime::abi::array_layout::{self, ArrayDesc};
use std::alloc::{alloc, alloc_zeroed, dealloc, Layout};
use std::ptr::NonNull;
use std::sync::Arc;

pub use array_layout::DType;

/// Why an array operation failed; `module.rs` turns each into NumPy's exception.
#[derive(Debug, Clone, PartialEq)]
pub enum ArrayError {
    /// The allocation failed or its size does not fit in memory.
    Memory,
    Value(String),
    Index(String),
    Type(String),
    Overflow(String),
    /// `numpy.exceptions.AxisError(axis, ndim)`.
    Axis {
        axis: i64,
        ndim: usize,
    },
    NotImplemented(String),
}

pub type ArrayResult<T> = Result<T, ArrayError>;

/// One allocation, 16-byte aligned, zero-filled when made. Arrays share it through
/// `Arc`; its bytes are written through raw pointers, as NumPy's are (two threads writing
/// the same array race on its items, never on its structure).
pub struct Buffer {
    ptr: NonNull<u8>,
    layout: Layout,
}

// SAFETY: the buffer is a plain allocation owned by this value; items are plain numbers.
unsafe impl Send for Buffer {}
unsafe impl Sync for Buffer {}

impl Buffer {
    pub fn zeroed(bytes: usize) -> ArrayResult<Buffer> {
        // SAFETY: zeroed memory is initialized.
        unsafe { Buffer::allocate(bytes, true) }
    }

    /// `bytes` bytes whose contents are undefined: no zeroing, so a large block the
    /// allocator kept from a freed array is reused without the kernel faulting in and
    /// clearing fresh pages (most of an elementwise operation's time on 10**6 items).
    ///
    /// # Safety
    /// Every byte is written before any is read.
    unsafe fn for_overwrite(bytes: usize) -> ArrayResult<Buffer> {
        // SAFETY: the caller's promise.
        unsafe { Buffer::allocate(bytes, false) }
    }

    /// # Safety
    /// Unless `zeroed`, every byte is written before any is read.
    unsafe fn allocate(bytes: usize, zeroed: bool) -> ArrayResult<Buffer> {
        let layout = Layout::from_size_align(bytes, 16).map_err(|_| ArrayError::Memory)?;
        if bytes == 0 {
            return Ok(Buffer { ptr: NonNull::<u128>::dangling().cast(), layout });
        }
        // SAFETY: the layout has a non-zero size.
        let ptr = unsafe {
            if zeroed {
                alloc_zeroed(layout)
            } else {
                alloc(layout)
            }
        };
        NonNull::new(ptr).map(|ptr| Buffer { ptr, layout }).ok_or(ArrayError::Memory)
    }

    /// A buffer owning memory allocated elsewhere: `@njit` code's (`runtime::arrays`),
    /// adopted by the array a native call returns.
    ///
    /// # Safety
    /// `ptr` was allocated by the global allocator with `layout` (non-zero size, 16-byte
    /// aligned), every byte is initialized, and nothing else frees or uses it.
    pub unsafe fn from_raw(ptr: NonNull<u8>, layout: Layout) -> Buffer {
        Buffer { ptr, layout }
    }

    /// A buffer owning a vector's memory without a copy (the embedding API hands Rust
    /// `Vec<f64>`s to Python this way). Its alignment is the item's.
    pub fn from_vec<T: Copy>(mut items: Vec<T>) -> Buffer {
        // Spare capacity would be bytes no item covers: drop it first (no copy when the
        // vector is exactly full).
        items.shrink_to_fit();
        let mut items = std::mem::ManuallyDrop::new(items);
        let Ok(layout) = Layout::array::<T>(items.capacity()) else {
            unreachable!("a Vec's capacity always fits a layout")
        };
        let ptr = NonNull::new(items.as_mut_ptr().cast::<u8>()).unwrap_or(NonNull::dangling());
        // A zero-sized layout is never deallocated (`Drop`), as a Vec of none allocates nothing.
        Buffer { ptr, layout }
    }

    pub fn len(&self) -> usize {
        self.layout.size()
    }

    pub fn is_empty(&self) -> bool {
        self.layout.size() == 0
    }
}

impl Drop for Buffer {
    fn drop(&mut self) {
        if self.layout.size() != 0 {
            // SAFETY: allocated in `allocate` with this layout.
            unsafe { dealloc(self.ptr.as_ptr(), self.layout) }
        }
    }
}

/// An item read from an array or a Python scalar, in the widest type of its kind.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Value {
    Bool(bool),
    Int(i64),
    UInt(u64),
    Float(f64),
    Complex(f64, f64),
}

/// A float converted to a 64-bit integer as x86's `cvttsd2si` does (NumPy's casts on
/// this host): NaN, infinities and out-of-range values give `i64::MIN`.
pub fn f64_to_i64(x: f64) -> i64 {
    if x.is_nan() || !(-9.223_372_036_854_776e18..9.223_372_036_854_776e18).contains(&x) {
        i64::MIN
    } else {
        x as i64
    }
}

impl Value {
    pub fn as_bool(self) -> bool {
        match self {
            Value::Bool(b) => b,
            Value::Int(i) => i != 0,
            Value::UInt(u) => u != 0,
            Value::Float(f) => f != 0.0,
            Value::Complex(re, im) => re != 0.0 || im != 0.0,
        }
    }

    pub fn as_i64(self) -> i64 {
        match self {
            Value::Bool(b) => b as i64,
            Value::Int(i) => i,
            Value::UInt(u) => u as i64,
            Value::Float(f) | Value::Complex(f, _) => f64_to_i64(f),
        }
    }

    pub fn as_u64(self) -> u64 {
        match self {
            Value::UInt(u) => u,
            Value::Float(f) | Value::Complex(f, _)
                if (9.223_372_036_854_776e18..1.844_674_407_370_955_2e19).contains(&f) =>
            {
                f as u64
            }
            other => other.as_i64() as u64,
        }
    }

    pub fn as_f64(self) -> f64 {
        match self {
            Value::Bool(b) => b as u8 as f64,
            Value::Int(i) => i as f64,
            Value::UInt(u) => u as f64,
            Value::Float(f) | Value::Complex(f, _) => f,
        }
    }

    pub fn as_complex(self) -> (f64, f64) {
        match self {
            Value::Complex(re, im) => (re, im),
            other => (other.as_f64(), 0.0),
        }
    }

    /// Reads the item of type `dtype` at `p`.
    ///
    /// # Safety
    /// `p` points at a whole item of that type.
    pub unsafe fn read(dtype: DType, p: *const u8) -> Value {
        unsafe {
            match dtype {
                DType::Bool => Value::Bool(p.read() != 0),
                DType::Int8 => Value::Int(p.cast::<i8>().read_unaligned() as i64),
                DType::Int16 => Value::Int(p.cast::<i16>().read_unaligned() as i64),
                DType::Int32 => Value::Int(p.cast::<i32>().read_unaligned() as i64),
                DType::Int64 => Value::Int(p.cast::<i64>().read_unaligned()),
                DType::UInt8 => Value::UInt(p.read() as u64),
                DType::UInt16 => Value::UInt(p.cast::<u16>().read_unaligned() as u64),
                DType::UInt32 => Value::UInt(p.cast::<u32>().read_unaligned() as u64),
                DType::UInt64 => Value::UInt(p.cast::<u64>().read_unaligned()),
                DType::Float32 => Value::Float(p.cast::<f32>().read_unaligned() as f64),
                DType::Float64 => Value::Float(p.cast::<f64>().read_unaligned()),
                DType::Complex128 => {
                    Value::Complex(p.cast::<f64>().read_unaligned(), p.cast::<f64>().add(1).read_unaligned())
                }
            }
        }
    }

    /// Writes this value, cast to `dtype` as NumPy's unsafe casting does, at `p`.
    ///
    /// # Safety
    /// `p` points at a whole writable item of that type.
    pub unsafe fn write(self, dtype: DType, p: *mut u8) {
        unsafe {
            match dtype {
                DType::Bool => p.write(self.as_bool() as u8),
                DType::Int8 => p.cast::<i8>().write_unaligned(self.as_i64() as i8),
                DType::Int16 => p.cast::<i16>().write_unaligned(self.as_i64() as i16),
                DType::Int32 => p.cast::<i32>().write_unaligned(self.as_i64() as i32),
                DType::Int64 => p.cast::<i64>().write_unaligned(self.as_i64()),
                DType::UInt8 => p.write(self.as_u64() as u8),
                DType::UInt16 => p.cast::<u16>().write_unaligned(self.as_u64() as u16),
                DType::UInt32 => p.cast::<u32>().write_unaligned(self.as_u64() as u32),
                DType::UInt64 => p.cast::<u64>().write_unaligned(self.as_u64()),
                DType::Float32 => p.cast::<f32>().write_unaligned(self.as_f64() as f32),
                DType::Float64 => p.cast::<f64>().write_unaligned(self.as_f64()),
                DType::Complex128 => {
                    let (re, im) = self.as_complex();
                    p.cast::<f64>().write_unaligned(re);
                    p.cast::<f64>().add(1).write_unaligned(im);
                }
            }
        }
    }
}

/// Strides of a C-contiguous array of this shape and item size.
pub fn c_strides(shape: &[usize], itemsize: usize) -> Vec<isize> {
    let mut strides = vec![0isize; shape.len()];
    let mut step = itemsize as isize;
    for k in (0..shape.len()).rev() {
        strides[k] = step;
        step = step.wrapping_mul(shape[k].max(1) as isize);
    }
    strides
}

/// The number of items of a shape, or `Memory` when it does not fit a word.
pub fn checked_size(shape: &[usize]) -> ArrayResult<usize> {
    shape.iter().try_fold(1usize, |n, &d| n.checked_mul(d)).ok_or(ArrayError::Memory)
}

/// A view: where its items are in a shared [`Buffer`]. Immutable once made.
#[derive(Clone)]
pub struct Array {
    buf: Arc<Buffer>,
    /// Byte offset of the item at index `(0, ..., 0)`.
    offset: usize,
    pub dtype: DType,
    shape: Vec<usize>,
    strides: Vec<isize>,
    writeable: bool,
}

impl std::fmt::Debug for Array {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Array({:?}, {:?}, {:?})", self.dtype, self.shape, self.strides)
    }
}

impl Array {
    /// A view of `buf`, after checking that every index of `shape` lands on a whole item
    /// inside it (requirement 2 of `abi::array_layout`).
    pub fn new_view(
        buf: Arc<Buffer>,
        offset: usize,
        dtype: DType,
        shape: Vec<usize>,
        strides: Vec<isize>,
        writeable: bool,
    ) -> ArrayResult<Array> {
        if shape.len() != strides.len() {
            return Err(ArrayError::Value("shape and strides differ in length".into()));
        }
        let size = checked_size(&shape)?;
        if size > 0 {
            let (mut low, mut high) = (offset as i128, offset as i128);
            for (&n, &s) in shape.iter().zip(&strides) {
                let extent = (n as i128 - 1) * s as i128;
                if extent < 0 {
                    low += extent;
                } else {
                    high += extent;
                }
            }
            if low < 0 || high + dtype.itemsize() as i128 > buf.len() as i128 {
                return Err(ArrayError::Value("view outside its buffer".into()));
            }
        } else if offset > buf.len() {
            return Err(ArrayError::Value("view outside its buffer".into()));
        }
        Ok(Array { buf, offset, dtype, shape, strides, writeable })
    }

    /// A new C-contiguous array of zeros.
    pub fn zeros(dtype: DType, shape: Vec<usize>) -> ArrayResult<Array> {
        let size = checked_size(&shape)?;
        let bytes = size.checked_mul(dtype.itemsize()).ok_or(ArrayError::Memory)?;
        let buf = Arc::new(Buffer::zeroed(bytes)?);
        let strides = c_strides(&shape, dtype.itemsize());
        Array::new_view(buf, 0, dtype, shape, strides, true)
    }

    /// A new C-contiguous array whose items are undefined until written.
    ///
    /// # Safety
    /// The caller writes every item before the array is read or handed to anyone.
    pub unsafe fn for_overwrite(dtype: DType, shape: Vec<usize>) -> ArrayResult<Array> {
        let size = checked_size(&shape)?;
        let bytes = size.checked_mul(dtype.itemsize()).ok_or(ArrayError::Memory)?;
        // SAFETY: the caller's promise covers every item, hence every byte.
        let buf = Arc::new(unsafe { Buffer::for_overwrite(bytes)? });
        let strides = c_strides(&shape, dtype.itemsize());
        Array::new_view(buf, 0, dtype, shape, strides, true)
    }

    /// The real (`imag` false) or imaginary parts of a complex128 array as a float64
    /// view of the same memory (NumPy's `a.real`, `a.imag`).
    pub fn component_view(&self, imag: bool) -> ArrayResult<Array> {
        if self.dtype != DType::Complex128 {
            return Err(ArrayError::Type("component_view: not a complex array".into()));
        }
        let offset = self.offset + if imag { 8 } else { 0 };
        Array::new_view(
            self.buf.clone(),
            offset,
            DType::Float64,
            self.shape.clone(),
            self.strides.clone(),
            self.writeable,
        )
    }

    /// A view of the same items with another shape, strides and start (checked).
    pub fn reshaped_view(&self, offset: usize, shape: Vec<usize>, strides: Vec<isize>) -> ArrayResult<Array> {
        Array::new_view(self.buf.clone(), offset, self.dtype, shape, strides, self.writeable)
    }

    pub fn shape(&self) -> &[usize] {
        &self.shape
    }

    pub fn strides(&self) -> &[isize] {
        &self.strides
    }

    pub fn ndim(&self) -> usize {
        self.shape.len()
    }

    pub fn offset(&self) -> usize {
        self.offset
    }

    /// Items (the shape's product; it fit a word when the view was made).
    pub fn size(&self) -> usize {
        self.shape.iter().product()
    }

    pub fn writeable(&self) -> bool {
        self.writeable
    }

    pub fn set_writeable(&mut self, writeable: bool) {
        self.writeable = writeable;
    }

    /// Every byte of the allocation this view is in (what a Python buffer export
    /// addresses from, at [`Array::offset`]).
    pub fn buffer_bytes(&self) -> &[u8] {
        // SAFETY: the buffer's bytes are initialized and live as long as `self`'s `Arc`.
        unsafe { std::slice::from_raw_parts(self.buf.ptr.as_ptr(), self.buf.len()) }
    }

    /// [`Array::buffer_bytes`], writable.
    ///
    /// # Safety
    /// No other reference to these bytes is used while the result lives (arrays sharing
    /// the allocation read and write it through raw pointers only).
    #[allow(clippy::mut_from_ref)]
    pub unsafe fn buffer_bytes_mut(&self) -> &mut [u8] {
        // SAFETY: as `buffer_bytes`; exclusivity is the caller's promise.
        unsafe { std::slice::from_raw_parts_mut(self.buf.ptr.as_ptr(), self.buf.len()) }
    }

    /// The address range of the buffer this view is in.
    pub fn buffer_range(&self) -> std::ops::Range<usize> {
        let start = self.buf.ptr.as_ptr() as usize;
        start..start + self.buf.len()
    }

    /// A view of the same buffer (dtype, writeability) whose item `(0, ..., 0)` is at
    /// address `data`, or `None` when `data` is not in the buffer or the view leaves it.
    pub fn view_at(&self, data: usize, shape: Vec<usize>, strides: Vec<isize>) -> Option<Array> {
        let range = self.buffer_range();
        if !range.contains(&data) {
            return None;
        }
        self.reshaped_view(data - range.start, shape, strides).ok()
    }

    /// An array of `dtype` over `buf` (checked as every view is).
    pub fn over_buffer(
        buf: Buffer,
        offset: usize,
        dtype: DType,
        shape: Vec<usize>,
        strides: Vec<isize>,
    ) -> ArrayResult<Array> {
        Array::new_view(Arc::new(buf), offset, dtype, shape, strides, true)
    }

    pub fn shares_buffer(&self, other: &Array) -> bool {
        Arc::ptr_eq(&self.buf, &other.buf)
    }

    /// The item at `(0, ..., 0)`.
    pub fn data(&self) -> *mut u8 {
        // SAFETY: `offset <= buf.len()` (checked in `new_view`).
        unsafe { self.buf.ptr.as_ptr().add(self.offset) }
    }

    pub fn is_c_contiguous(&self) -> bool {
        self.packed_along((0..self.ndim()).rev())
    }

    pub fn is_f_contiguous(&self) -> bool {
        self.packed_along(0..self.ndim())
    }

    /// Whether the items lie packed with the axes taken in `order`, innermost first
    /// (axes of length 1 have any stride; an empty array is packed).
    fn packed_along(&self, order: impl Iterator<Item = usize>) -> bool {
        let mut expected = self.dtype.itemsize() as isize;
        for k in order {
            if self.shape[k] == 0 {
                return true;
            }
            if self.shape[k] != 1 && self.strides[k] != expected {
                return false;
            }
            expected *= self.shape[k] as isize;
        }
        true
    }

    /// What native code is handed (`abi::array_layout`); valid while `self` lives.
    pub fn desc(&self) -> ArrayDesc {
        let mut flags = 0;
        if self.is_c_contiguous() {
            flags |= array_layout::C_CONTIGUOUS;
        }
        if self.is_f_contiguous() {
            flags |= array_layout::F_CONTIGUOUS;
        }
        if self.writeable {
            flags |= array_layout::WRITEABLE;
        }
        ArrayDesc {
            data: self.data(),
            ndim: self.ndim() as i64,
            shape: self.shape.as_ptr().cast(),
            strides: self.strides.as_ptr().cast(),
            dtype: self.dtype as u32,
            flags,
        }
    }

    /// Calls `f` with the byte offset (from [`Array::data`]) of every item, in C order.
    pub fn for_each_offset(&self, mut f: impl FnMut(isize)) {
        let ndim = self.ndim();
        if self.size() == 0 {
            return;
        }
        if ndim == 0 {
            f(0);
            return;
        }
        let mut index = vec![0usize; ndim];
        let mut pos = 0isize;
        let (inner_n, inner_s) = (self.shape[ndim - 1], self.strides[ndim - 1]);
        loop {
            for i in 0..inner_n {
                f(pos + i as isize * inner_s);
            }
            // Advance the outer index (odometer over axes 0..ndim-1).
            let mut k = ndim - 1;
            loop {
                if k == 0 {
                    return;
                }
                k -= 1;
                index[k] += 1;
                pos += self.strides[k];
                if index[k] < self.shape[k] {
                    break;
                }
                pos -= self.strides[k] * self.shape[k] as isize;
                index[k] = 0;
            }
        }
    }

    /// Every item in C order.
    pub fn values(&self) -> Vec<Value> {
        let mut out = Vec::with_capacity(self.size());
        let data = self.data();
        // SAFETY: offsets from `for_each_offset` are in bounds (requirement 2).
        self.for_each_offset(|off| out.push(unsafe { Value::read(self.dtype, data.offset(off)) }));
        out
    }

    /// The item at a byte offset from [`Array::data`] that indexing computed.
    pub fn value_at(&self, off: isize) -> Value {
        // SAFETY: callers pass offsets of in-bounds indices.
        unsafe { Value::read(self.dtype, self.data().offset(off)) }
    }

    /// A C-contiguous copy in `dtype` (NumPy's unsafe casting).
    pub fn to_contiguous(&self, dtype: DType) -> ArrayResult<Array> {
        // SAFETY: both branches below write every item of `out`.
        let out = unsafe { Array::for_overwrite(dtype, self.shape.clone())? };
        if dtype == self.dtype && self.is_c_contiguous() {
            let bytes = self.size() * dtype.itemsize();
            // SAFETY: both are C-contiguous with `bytes` bytes of items; distinct buffers.
            unsafe { std::ptr::copy_nonoverlapping(self.data(), out.data(), bytes) };
            return Ok(out);
        }
        let (src, dst) = (self.data(), out.data());
        let (itemsize, mut i) = (dtype.itemsize(), 0usize);
        self.for_each_offset(|off| {
            // SAFETY: `off` is an item of `self`; `i < size` items of `out`.
            unsafe { Value::read(self.dtype, src.offset(off)).write(dtype, dst.add(i * itemsize)) };
            i += 1;
        });
        Ok(out)
    }

    /// Copies `src`, already broadcast to this array's shape (same shape, zero strides
    /// where broadcast), into this array with unsafe casting. Overlapping memory is read
    /// completely before anything is written.
    pub fn assign(&self, src: &Array) -> ArrayResult<()> {
        if !self.writeable {
            return Err(ArrayError::Value("assignment destination is read-only".into()));
        }
        if src.shape != self.shape {
            return Err(ArrayError::Value("assign: shapes differ".into()));
        }
        let values = src.values();
        let dst = self.data();
        let mut i = 0usize;
        self.for_each_offset(|off| {
            // SAFETY: `off` is an item of `self`, which is writeable; `values` has one
            // value per item.
            unsafe { values[i].write(self.dtype, dst.offset(off)) };
            i += 1;
        });
        Ok(())
    }

    /// The byte offsets, from [`Array::data`], of the items of the first row (the
    /// sub-array at index 0 of the first axis), in C order; row i's items are these plus
    /// i times the first stride. Needs at least one axis and a non-empty array.
    pub fn row_offsets(&self) -> ArrayResult<Vec<isize>> {
        let row = self.reshaped_view(self.offset, self.shape[1..].to_vec(), self.strides[1..].to_vec())?;
        let mut offsets = Vec::with_capacity(row.size());
        row.for_each_offset(|off| offsets.push(off));
        Ok(offsets)
    }

    /// A new C-contiguous array of the rows (sub-arrays along the first axis) that
    /// `indices` name, in `index_shape` (NumPy's integer-array indexing on axis 0, and
    /// `take`): the result's shape is `index_shape` followed by a row's shape. Negative
    /// indices count from the end; others raise NumPy's IndexError.
    pub fn take_rows(&self, indices: &[i64], index_shape: Vec<usize>) -> ArrayResult<Array> {
        let Some(&n) = self.shape.first() else {
            return Err(ArrayError::Index("too many indices for array: array is 0-dimensional".into()));
        };
        let mut shape = index_shape;
        shape.extend_from_slice(&self.shape[1..]);
        let out = Array::zeros(self.dtype, shape)?;
        if out.size() == 0 {
            // Nothing to copy (no indices, or empty rows); indices are still checked.
            if let Some(&i) = indices.iter().find(|&&i| i >= n as i64 || i < -(n as i64)) {
                return Err(ArrayError::Index(format!("index {i} is out of bounds for axis 0 with size {n}")));
            }
            return Ok(out);
        }
        let row_offsets = self.row_offsets()?;
        let (src, dst, itemsize) = (self.data(), out.data(), self.dtype.itemsize());
        let mut k = 0usize;
        for &i in indices {
            let r = if i < 0 { i + n as i64 } else { i };
            if r < 0 || r >= n as i64 {
                return Err(ArrayError::Index(format!("index {i} is out of bounds for axis 0 with size {n}")));
            }
            for &off in &row_offsets {
                // SAFETY: row `r` < n is inside the view and `off` is an offset of a row;
                // `out` holds `indices.len() * row_offsets.len()` items, written in order.
                unsafe {
                    std::ptr::copy_nonoverlapping(
                        src.offset(r as isize * self.strides[0] + off),
                        dst.add(k * itemsize),
                        itemsize,
                    )
                };
                k += 1;
            }
        }
        Ok(out)
    }

    /// Writes `value` into every item.
    pub fn fill(&self, value: Value) -> ArrayResult<()> {
        if !self.writeable {
            return Err(ArrayError::Value("assignment destination is read-only".into()));
        }
        let dst = self.data();
        // SAFETY: every offset is an item of `self`.
        self.for_each_offset(|off| unsafe { value.write(self.dtype, dst.offset(off)) });
        Ok(())
    }

    /// This view broadcast to `shape` (zero strides on new or stretched axes), or `None`
    /// if the shapes are incompatible.
    pub fn broadcast_to(&self, shape: &[usize]) -> Option<Array> {
        if shape.len() < self.ndim() {
            return None;
        }
        let lead = shape.len() - self.ndim();
        let mut strides = vec![0isize; shape.len()];
        for k in 0..self.ndim() {
            let (have, want) = (self.shape[k], shape[lead + k]);
            if have == want {
                strides[lead + k] = self.strides[k];
            } else if have != 1 {
                return None;
            }
        }
        let mut view = self.clone();
        view.shape = shape.to_vec();
        view.strides = strides;
        // A broadcast view repeats items: NumPy makes it read-only.
        view.writeable = false;
        Some(view)
    }

    /// Axes permuted (`transpose`); `axes` is a permutation, checked by the caller.
    pub fn permuted(&self, axes: &[usize]) -> Array {
        let mut view = self.clone();
        view.shape = axes.iter().map(|&a| self.shape[a]).collect();
        view.strides = axes.iter().map(|&a| self.strides[a]).collect();
        view
    }

    /// A view with another shape over the same items in C order, if the strides allow
    /// one without copying (NumPy's rule: each run of merged axes must be contiguous).
    pub fn reshape_view(&self, new_shape: &[usize]) -> Option<Array> {
        if self.is_c_contiguous() {
            let strides = c_strides(new_shape, self.dtype.itemsize());
            return self.reshaped_view(self.offset, new_shape.to_vec(), strides).ok();
        }
        // Drop axes of length 1, then match groups of old axes to groups of new ones.
        let old: Vec<(usize, isize)> =
            self.shape.iter().copied().zip(self.strides.iter().copied()).filter(|&(n, _)| n != 1).collect();
        let mut new_strides = vec![0isize; new_shape.len()];
        let (mut oi, mut ni) = (0usize, 0usize);
        while ni < new_shape.len() || oi < old.len() {
            if ni < new_shape.len() && new_shape[ni] == 1 {
                new_strides[ni] = self.dtype.itemsize() as isize;
                ni += 1;
                continue;
            }
            if oi >= old.len() || ni >= new_shape.len() {
                return None;
            }
            let (o_start, n_start) = (oi, ni);
            let (mut op, mut np) = (old[oi].0, new_shape[ni]);
            oi += 1;
            ni += 1;
            while op != np {
                if op < np {
                    if oi >= old.len() {
                        return None;
                    }
                    op *= old[oi].0;
                    oi += 1;
                } else {
                    if ni >= new_shape.len() {
                        return None;
                    }
                    np *= new_shape[ni];
                    ni += 1;
                }
            }
            // The old axes of this group must be contiguous with each other.
            for k in o_start..oi - 1 {
                if old[k].1 != old[k + 1].1 * old[k + 1].0 as isize {
                    return None;
                }
            }
            let mut stride = old[oi - 1].1;
            for k in (n_start..ni).rev() {
                new_strides[k] = stride;
                stride *= new_shape[k] as isize;
            }
        }
        self.reshaped_view(self.offset, new_shape.to_vec(), new_strides).ok()
    }
}
