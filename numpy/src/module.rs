//! The `_numpy` module: the `_Array` class (one view, `array.rs`) and the functions
//! `stdlib-shims/numpy/` builds NumPy's API from. Converts Python arguments, and turns
//! [`ArrayError`]s into NumPy's exceptions with NumPy's wording.
//!
//! Assumes its callers are the Python layer: dtypes arrive as NumPy names ("float64"),
//! shapes and axes as tuples of ints, and NumPy scalars as 0-d `_Array`s (only Python's
//! own scalars are weak operands).

/// The `_numpy` module's definition, for `InterpreterBuilder::add_native_module`.
pub fn module_def(ctx: &rustpython_vm::Context) -> &'static rustpython_vm::builtins::PyModuleDef {
    _numpy::module_def(ctx)
}

/// The address of the class `numpy.ndarray` (the Python layer's), once `numpy` registered
/// it: native code takes exact instances of it only (a subclass may index otherwise).
static NDARRAY_CLASS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// `f` of the view an exact `numpy.ndarray` holds, `None` for any other value. For the
/// JIT's dispatcher: native code reads the items of `value` in place while `value` lives.
pub fn with_ndarray<R>(
    value: &rustpython_vm::PyObject,
    vm: &rustpython_vm::VirtualMachine,
    f: impl FnOnce(&Array) -> R,
) -> Option<R> {
    use std::sync::atomic::Ordering;
    let class = NDARRAY_CLASS.load(Ordering::Relaxed);
    if class == 0 || value.class() as *const _ as usize != class {
        return None;
    }
    let view = value.get_attr("_a", vm).ok()?;
    view.downcast_ref::<_numpy::PyArray>().map(|array| f(&array.array))
}

/// The array `@njit` code returned, as NumPy arrays are: when its items are in the memory
/// of `base` (an argument of the same dtype), a view of `base` sharing it, writeable as
/// native code's type of it says; `None` otherwise.
#[allow(clippy::too_many_arguments)]
pub fn view_into(
    base: &rustpython_vm::PyObjectRef,
    data: *const u8,
    dtype: crate::array::DType,
    shape: &[usize],
    strides: &[isize],
    writeable: bool,
    vm: &rustpython_vm::VirtualMachine,
) -> Option<rustpython_vm::PyObjectRef> {
    let view = with_ndarray(base, vm, |a| {
        let mut view = a.view_at(data as usize, shape.to_vec(), strides.to_vec()).filter(|_| a.dtype == dtype)?;
        view.set_writeable(writeable);
        Some(view)
    })??;
    // The array owning the memory is the new view's base, as in NumPy.
    let owner = base.get_attr("_base", vm).ok().filter(|b| !vm.is_none(b)).unwrap_or_else(|| base.clone());
    wrap_ndarray(view, Some(owner), vm)
}

/// The array `@njit` code made and returned: its allocation (`runtime::arrays`, now the
/// caller's) becomes the array's buffer, without a copy.
///
/// # Safety
/// `start` and `layout` are an allocation adopted from the native arena: zero-filled
/// when made, owned by nobody else; `data` is in it.
#[allow(clippy::too_many_arguments)]
pub unsafe fn adopt_native(
    start: std::ptr::NonNull<u8>,
    layout: std::alloc::Layout,
    data: *const u8,
    dtype: crate::array::DType,
    shape: Vec<usize>,
    strides: Vec<isize>,
    vm: &rustpython_vm::VirtualMachine,
) -> Option<rustpython_vm::PyObjectRef> {
    let offset = (data as usize).checked_sub(start.as_ptr() as usize)?;
    // SAFETY: the caller's promise.
    let buffer = unsafe { crate::array::Buffer::from_raw(start, layout) };
    let array = Array::over_buffer(buffer, offset, dtype, shape, strides).ok()?;
    wrap_ndarray(array, None, vm)
}

/// Items a Rust vector hands to a NumPy array without a copy (the embedding API).
pub trait VecItem: Copy {
    const DTYPE: crate::array::DType;
}

impl VecItem for f64 {
    const DTYPE: crate::array::DType = crate::array::DType::Float64;
}

impl VecItem for i64 {
    const DTYPE: crate::array::DType = crate::array::DType::Int64;
}

/// A new `numpy.ndarray` of `shape` (C order) whose memory is `items`'s, moved without a
/// copy. `ValueError` when the shape does not hold exactly the items.
pub fn ndarray_from_vec<T: VecItem>(
    items: Vec<T>,
    shape: Vec<usize>,
    vm: &rustpython_vm::VirtualMachine,
) -> rustpython_vm::PyResult {
    if crate::array::checked_size(&shape).ok() != Some(items.len()) {
        return Err(vm.new_value_error(format!("cannot reshape array of size {} into shape {shape:?}", items.len())));
    }
    let strides = crate::array::c_strides(&shape, T::DTYPE.itemsize());
    let array = Array::over_buffer(crate::array::Buffer::from_vec(items), 0, T::DTYPE, shape, strides)
        .map_err(|_| vm.new_memory_error("Unable to allocate the array".to_owned()))?;
    wrap_ndarray(array, None, vm).ok_or_else(|| vm.new_runtime_error("numpy could not be imported".to_owned()))
}

/// The items (in C order, copied: the array keeps its memory) and shape of an exact
/// `numpy.ndarray` whose dtype is `T`'s; `None` for anything else.
pub fn ndarray_to_vec<T: VecItem>(
    value: &rustpython_vm::PyObject,
    vm: &rustpython_vm::VirtualMachine,
) -> Option<(Vec<T>, Vec<usize>)> {
    with_ndarray(value, vm, |a| {
        if a.dtype != T::DTYPE {
            return None;
        }
        let mut items = Vec::with_capacity(a.size());
        // SAFETY: every offset is an item of `a` (its view was checked when made), whose
        // dtype is `T`'s; items may be unaligned only in arrays pynum never makes.
        a.for_each_offset(|offset| items.push(unsafe { a.data().offset(offset).cast::<T>().read_unaligned() }));
        Some((items, a.shape().to_vec()))
    })?
}

/// `f` of the items of an exact, C-contiguous `numpy.ndarray` whose dtype is `T`'s,
/// borrowed without a copy; `None` for anything else.
pub fn with_ndarray_slice<T: VecItem, R>(
    value: &rustpython_vm::PyObject,
    vm: &rustpython_vm::VirtualMachine,
    f: impl FnOnce(&[T]) -> R,
) -> Option<R> {
    with_ndarray(value, vm, |a| {
        let aligned = (a.data() as usize).is_multiple_of(std::mem::align_of::<T>());
        if a.dtype != T::DTYPE || !a.is_c_contiguous() || !aligned {
            return None;
        }
        // SAFETY: a C-contiguous view holds `size` packed, aligned items of `T` from
        // `data()`, alive while `a` is (for the whole call of `f`).
        Some(f(unsafe { std::slice::from_raw_parts(a.data().cast::<T>(), a.size()) }))
    })?
}

/// A new `numpy.ndarray` object holding `array` (`numpy._wrap`).
fn wrap_ndarray(
    array: Array,
    base: Option<rustpython_vm::PyObjectRef>,
    vm: &rustpython_vm::VirtualMachine,
) -> Option<rustpython_vm::PyObjectRef> {
    use rustpython_vm::PyPayload;
    let view: rustpython_vm::PyObjectRef = _numpy::PyArray { array }.into_ref(&vm.ctx).into();
    let base = base.unwrap_or_else(|| vm.ctx.none());
    let wrap = vm.import("numpy", 0).and_then(|numpy| numpy.get_attr("_wrap", vm)).ok()?;
    wrap.call((view, base), vm).ok()
}

use crate::array::Array;

#[rustpython_vm::pymodule]
mod _numpy {
    use crate::array::{Array, ArrayError, DType, Value};
    use crate::fpe;
    use crate::kernels::{self, RedOp, Src};
    use crate::lanes;
    use crate::linalg;
    use crate::promotion::{self, BinOp, Kind, UnOp};
    use crate::random;
    use rustpython_vm::builtins::{PyComplex, PyFloat, PyInt, PyList, PySlice, PyTuple, PyTupleRef};
    use rustpython_vm::types::{AsBuffer, PyComparisonOp};
    use rustpython_vm::{pyclass, AsObject, Py, PyObjectRef, PyPayload, PyResult, VirtualMachine};

    /// One array view. The Python class `numpy.ndarray` holds one as `_a`.
    #[pyattr]
    #[pyclass(module = "numpy", name = "_Array")]
    #[derive(Debug, PyPayload)]
    pub struct PyArray {
        pub(crate) array: Array,
    }

    fn wrap(array: Array, vm: &VirtualMachine) -> PyObjectRef {
        PyArray { array }.into_ref(&vm.ctx).into()
    }

    fn err(e: ArrayError, vm: &VirtualMachine) -> rustpython_vm::builtins::PyBaseExceptionRef {
        match e {
            ArrayError::Memory => vm.new_memory_error("Unable to allocate the array".to_owned()),
            ArrayError::Value(m) => vm.new_value_error(m),
            ArrayError::Index(m) => vm.new_index_error(m),
            ArrayError::Type(m) => vm.new_type_error(m),
            ArrayError::Overflow(m) => vm.new_overflow_error(m),
            ArrayError::NotImplemented(m) => vm.new_not_implemented_error(m),
            ArrayError::Axis { axis, ndim } => {
                let made = vm
                    .import("numpy.exceptions", 0)
                    .and_then(|m| m.get_attr("AxisError", vm))
                    .and_then(|cls| cls.call((axis, ndim), vm))
                    .and_then(|exc| exc.downcast().map_err(|_| vm.new_type_error("AxisError is not an exception")));
                match made {
                    Ok(exc) => exc,
                    Err(other) => other,
                }
            }
        }
    }

    trait OrRaise<T> {
        fn or_raise(self, vm: &VirtualMachine) -> PyResult<T>;
    }

    impl<T> OrRaise<T> for Result<T, ArrayError> {
        fn or_raise(self, vm: &VirtualMachine) -> PyResult<T> {
            self.map_err(|e| err(e, vm))
        }
    }

    fn array_of(obj: &PyObjectRef, vm: &VirtualMachine) -> PyResult<Array> {
        obj.downcast_ref::<PyArray>()
            .map(|a| a.array.clone())
            .ok_or_else(|| vm.new_type_error(format!("expected an _Array, got {}", obj.class().name())))
    }

    fn dtype_arg(obj: &PyObjectRef, vm: &VirtualMachine) -> PyResult<DType> {
        let name: String = obj.try_to_value(vm)?;
        DType::from_name(&name).ok_or_else(|| vm.new_type_error(format!("data type '{name}' not understood")))
    }

    /// A Python int as an i64, clamped to i64's range (for bounds and slice arithmetic,
    /// where anything beyond is out of range anyway).
    fn clamped_int(obj: &PyObjectRef, vm: &VirtualMachine) -> PyResult<i64> {
        let int = obj.try_index(vm)?;
        match int.try_to_primitive::<i64>(vm) {
            Ok(i) => Ok(i),
            Err(_) => {
                let negative = obj.rich_compare_bool(vm.ctx.new_int(0).as_object(), PyComparisonOp::Lt, vm)?;
                Ok(if negative { i64::MIN } else { i64::MAX })
            }
        }
    }

    fn usizes(obj: &PyObjectRef, vm: &VirtualMachine) -> PyResult<Vec<usize>> {
        let tuple = obj.downcast_ref::<PyTuple>().ok_or_else(|| vm.new_type_error("expected a tuple of ints"))?;
        tuple
            .iter()
            .map(|item| {
                let n = clamped_int(item, vm)?;
                usize::try_from(n).map_err(|_| vm.new_value_error("negative dimensions are not allowed"))
            })
            .collect()
    }

    /// A Python scalar as an item value; `None` when `obj` is not one.
    fn scalar_value(obj: &PyObjectRef, vm: &VirtualMachine) -> PyResult<Option<Value>> {
        if obj.class().is(vm.ctx.types.bool_type) {
            return Ok(Some(Value::Bool(obj.is(&vm.ctx.true_value))));
        }
        if let Some(int) = obj.downcast_ref::<PyInt>() {
            if let Ok(i) = int.try_to_primitive::<i64>(vm) {
                return Ok(Some(Value::Int(i)));
            }
            return match int.try_to_primitive::<u64>(vm) {
                Ok(u) => Ok(Some(Value::UInt(u))),
                Err(_) => Err(vm.new_overflow_error("Python int too large to convert to C long")),
            };
        }
        if let Some(f) = obj.downcast_ref::<PyFloat>() {
            return Ok(Some(Value::Float(f.to_f64())));
        }
        if let Some(c) = obj.downcast_ref::<PyComplex>() {
            let z = c.to_complex64();
            return Ok(Some(Value::Complex(z.re, z.im)));
        }
        Ok(None)
    }

    fn to_py(v: Value, vm: &VirtualMachine) -> PyObjectRef {
        match v {
            Value::Bool(b) => vm.ctx.new_bool(b).into(),
            Value::Int(i) => vm.ctx.new_int(i).into(),
            Value::UInt(u) => vm.ctx.new_int(u).into(),
            Value::Float(f) => vm.ctx.new_float(f).into(),
            Value::Complex(re, im) => vm.ctx.new_complex(num_complex::Complex64::new(re, im)).into(),
        }
    }

    /// A value about to be stored in an array of `dtype`, checked as NumPy 2 checks
    /// Python scalars (out-of-range ints raise, NaN and infinities cannot become ints).
    fn checked_for(v: Value, dtype: DType, vm: &VirtualMachine) -> PyResult<Value> {
        match (v, promotion::kind(dtype)) {
            (Value::Int(_) | Value::UInt(_), Kind::Int | Kind::UInt) => {
                promotion::weak_dtype(v, dtype).or_raise(vm)?;
            }
            (Value::Float(f), Kind::Int | Kind::UInt) if f.is_nan() => {
                return Err(vm.new_value_error("cannot convert float NaN to integer"));
            }
            (Value::Float(f), Kind::Int | Kind::UInt) if f.is_infinite() => {
                return Err(vm.new_overflow_error("cannot convert float infinity to integer"));
            }
            (Value::Complex(..), k) if k != Kind::Complex => {
                return Err(vm.new_type_error("float() argument must be a string or a real number, not 'complex'"));
            }
            _ => {}
        }
        Ok(v)
    }

    fn tuple_of<T: rustpython_vm::convert::ToPyObject + Copy>(items: &[T], vm: &VirtualMachine) -> PyTupleRef {
        vm.ctx.new_tuple(items.iter().map(|&x| x.to_pyobject(vm)).collect())
    }

    /// The buffer protocol (`memoryview(a._a)`; `ndarray.__buffer__` hands it on): the
    /// view's items in the memory of its whole allocation, with its byte strides, in the
    /// `struct` formats NumPy exports.
    impl AsBuffer for PyArray {
        fn as_buffer(zelf: &Py<Self>, _vm: &VirtualMachine) -> PyResult<rustpython_vm::protocol::PyBuffer> {
            use rustpython_vm::protocol::{BufferDescriptor, PyBuffer};
            let a = &zelf.array;
            let format = match a.dtype {
                DType::Bool => "?",
                DType::Int8 => "b",
                DType::UInt8 => "B",
                DType::Int16 => "h",
                DType::UInt16 => "H",
                DType::Int32 => "i",
                DType::UInt32 => "I",
                DType::Int64 => "l",
                DType::UInt64 => "L",
                DType::Float32 => "f",
                DType::Float64 => "d",
                DType::Complex128 => "Zd",
            };
            let itemsize = a.dtype.itemsize();
            let descriptor = BufferDescriptor {
                len: a.size() * itemsize,
                offset: a.offset() as isize,
                readonly: !a.writeable(),
                itemsize,
                format: std::borrow::Cow::Borrowed(format),
                dim_desc: a.shape().iter().zip(a.strides()).map(|(&n, &stride)| (n, stride, 0)).collect(),
            };
            Ok(PyBuffer::new(zelf.to_owned().into(), descriptor, &ARRAY_BUFFER))
        }
    }

    static ARRAY_BUFFER: rustpython_vm::protocol::BufferMethods = rustpython_vm::protocol::BufferMethods {
        obj_bytes: |buffer| buffer.obj_as::<PyArray>().array.buffer_bytes().into(),
        // SAFETY (both): the exported view's writes land on items of its allocation,
        // which lives as long as the exporting object the buffer holds.
        obj_bytes_mut: |buffer| unsafe { buffer.obj_as::<PyArray>().array.buffer_bytes_mut() }.into(),
        release: |_| {},
        retain: |_| {},
    };

    #[pyclass(with(AsBuffer))]
    impl PyArray {
        #[pygetset]
        fn shape(zelf: &Py<Self>, vm: &VirtualMachine) -> PyTupleRef {
            tuple_of(zelf.array.shape(), vm)
        }

        #[pygetset]
        fn strides(zelf: &Py<Self>, vm: &VirtualMachine) -> PyTupleRef {
            tuple_of(zelf.array.strides(), vm)
        }

        #[pygetset]
        fn ndim(zelf: &Py<Self>) -> usize {
            zelf.array.ndim()
        }

        #[pygetset]
        fn size(zelf: &Py<Self>) -> usize {
            zelf.array.size()
        }

        #[pygetset]
        fn itemsize(zelf: &Py<Self>) -> usize {
            zelf.array.dtype.itemsize()
        }

        #[pygetset]
        fn dtype(zelf: &Py<Self>) -> &'static str {
            zelf.array.dtype.name()
        }

        #[pygetset]
        fn c_contiguous(zelf: &Py<Self>) -> bool {
            zelf.array.is_c_contiguous()
        }

        #[pygetset]
        fn f_contiguous(zelf: &Py<Self>) -> bool {
            zelf.array.is_f_contiguous()
        }

        #[pygetset]
        fn writeable(zelf: &Py<Self>) -> bool {
            zelf.array.writeable()
        }

        /// The data pointer (`a.ctypes.data`, `__array_interface__`).
        #[pygetset]
        fn address(zelf: &Py<Self>) -> usize {
            zelf.array.data() as usize
        }

        /// Whether two views share one allocation (`np.shares_memory`'s first test).
        #[pymethod]
        fn shares_buffer(zelf: &Py<Self>, other: PyObjectRef, vm: &VirtualMachine) -> PyResult<bool> {
            Ok(zelf.array.shares_buffer(&array_of(&other, vm)?))
        }
    }

    /// `_register_ndarray(cls)`: the class whose exact instances native code takes
    /// (`super::with_ndarray`), called once by `numpy/__init__.py`.
    #[pyfunction]
    fn _register_ndarray(class: rustpython_vm::builtins::PyTypeRef) {
        let address = &*class as *const rustpython_vm::Py<rustpython_vm::builtins::PyType> as usize;
        super::NDARRAY_CLASS.store(address, std::sync::atomic::Ordering::Relaxed);
    }

    #[pyfunction]
    fn zeros(shape: PyObjectRef, dtype: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let (shape, dtype) = (usizes(&shape, vm)?, dtype_arg(&dtype, vm)?);
        Ok(wrap(Array::zeros(dtype, shape).or_raise(vm)?, vm))
    }

    /// `full(shape, dtype, value)`: `value` a Python scalar.
    #[pyfunction]
    fn full(shape: PyObjectRef, dtype: PyObjectRef, value: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let (shape, dtype) = (usizes(&shape, vm)?, dtype_arg(&dtype, vm)?);
        let v = scalar_value(&value, vm)?.ok_or_else(|| vm.new_type_error("full: the fill value must be a number"))?;
        let v = checked_for(v, dtype, vm)?;
        let a = Array::zeros(dtype, shape).or_raise(vm)?;
        a.fill(v).or_raise(vm)?;
        Ok(wrap(a, vm))
    }

    /// `from_flat(values, shape, dtype)`: an array from a flat list of Python scalars.
    #[pyfunction]
    fn from_flat(values: PyObjectRef, shape: PyObjectRef, dtype: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let (shape, dtype) = (usizes(&shape, vm)?, dtype_arg(&dtype, vm)?);
        let list = values.downcast_ref::<PyList>().ok_or_else(|| vm.new_type_error("from_flat: expected a list"))?;
        let items = list.borrow_vec().to_vec();
        let a = Array::zeros(dtype, shape).or_raise(vm)?;
        if items.len() != a.size() {
            return Err(vm.new_value_error("from_flat: the list does not fill the shape"));
        }
        let (data, itemsize) = (a.data(), dtype.itemsize());
        for (i, item) in items.iter().enumerate() {
            let v = scalar_value(item, vm)?.ok_or_else(|| {
                vm.new_type_error(format!("cannot store a '{}' in an array of {}", item.class().name(), dtype.name()))
            })?;
            let v = checked_for(v, dtype, vm)?;
            // SAFETY: `a` is C-contiguous with `items.len()` items.
            unsafe { v.write(dtype, data.add(i * itemsize)) };
        }
        Ok(wrap(a, vm))
    }

    /// `arange(start, step, n, dtype)`: as NumPy fills it, `start + i * delta` with
    /// `delta = (start + step) - start` computed in the dtype.
    #[pyfunction]
    fn arange(start: PyObjectRef, step: PyObjectRef, n: usize, dtype: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let dtype = dtype_arg(&dtype, vm)?;
        let start = scalar_value(&start, vm)?.ok_or_else(|| vm.new_type_error("arange: start must be a number"))?;
        let step = scalar_value(&step, vm)?.ok_or_else(|| vm.new_type_error("arange: step must be a number"))?;
        let a = Array::zeros(dtype, vec![n]).or_raise(vm)?;
        let (data, itemsize) = (a.data(), dtype.itemsize());
        let value = |i: usize| match promotion::kind(dtype) {
            Kind::Float | Kind::Complex => {
                let (s, st) = (start.as_f64(), step.as_f64());
                let delta = (s + st) - s;
                if i == 0 {
                    Value::Float(s)
                } else if i == 1 {
                    Value::Float(s + st)
                } else {
                    Value::Float(s + i as f64 * delta)
                }
            }
            Kind::UInt => Value::UInt(start.as_u64().wrapping_add((i as u64).wrapping_mul(step.as_u64()))),
            _ => Value::Int(start.as_i64().wrapping_add((i as i64).wrapping_mul(step.as_i64()))),
        };
        for i in 0..n {
            // SAFETY: `a` is C-contiguous with `n` items.
            unsafe { value(i).write(dtype, data.add(i * itemsize)) };
        }
        Ok(wrap(a, vm))
    }

    /// One item of an index tuple.
    enum Idx {
        Int(i64),
        Slice(Option<i64>, Option<i64>, Option<i64>),
        NewAxis,
        Ellipsis,
    }

    fn parse_index(key: &PyObjectRef, vm: &VirtualMachine) -> PyResult<Vec<Idx>> {
        let items: Vec<PyObjectRef> = match key.downcast_ref::<PyTuple>() {
            Some(t) => t.iter().cloned().collect(),
            None => vec![key.clone()],
        };
        let opt = |o: &Option<PyObjectRef>| -> PyResult<Option<i64>> {
            match o {
                Some(x) if !vm.is_none(x) => Ok(Some(clamped_int(x, vm)?)),
                _ => Ok(None),
            }
        };
        items
            .iter()
            .map(|item| {
                if vm.is_none(item) {
                    Ok(Idx::NewAxis)
                } else if item.is(&vm.ctx.ellipsis) {
                    Ok(Idx::Ellipsis)
                } else if let Some(s) = item.downcast_ref::<PySlice>() {
                    Ok(Idx::Slice(opt(&s.start)?, opt(&Some(s.stop.clone()))?, opt(&s.step)?))
                } else if item.class().is(vm.ctx.types.bool_type) || item.downcast_ref::<PyArray>().is_some() {
                    Err(vm.new_not_implemented_error("ndarray.__getitem__: boolean and array indices"))
                } else if item.downcast_ref::<PyInt>().is_some() || item.class().has_attr(vm.ctx.intern_str("__index__")) {
                    Ok(Idx::Int(clamped_int(item, vm)?))
                } else {
                    Err(vm.new_index_error("only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are valid indices"))
                }
            })
            .collect()
    }

    /// CPython's `PySlice_AdjustIndices`: `(start, step, length)` of a slice of `n` items.
    fn adjust_slice(
        start: Option<i64>,
        stop: Option<i64>,
        step: Option<i64>,
        n: usize,
    ) -> Result<(i128, i128, usize), ArrayError> {
        let step = step.unwrap_or(1) as i128;
        if step == 0 {
            return Err(ArrayError::Value("slice step cannot be zero".into()));
        }
        let n = n as i128;
        let clamp = |v: Option<i64>, default: i128| -> i128 {
            match v {
                None => default,
                Some(v) => {
                    let mut v = v as i128;
                    if v < 0 {
                        v += n;
                        if v < 0 {
                            v = if step < 0 { -1 } else { 0 };
                        }
                    } else if v >= n {
                        v = if step < 0 { n - 1 } else { n };
                    }
                    v
                }
            }
        };
        let start = clamp(start, if step < 0 { n - 1 } else { 0 });
        let stop = clamp(stop, if step < 0 { -1 } else { n });
        let len = if step < 0 {
            if stop < start {
                (start - stop - 1) / (-step) + 1
            } else {
                0
            }
        } else if start < stop {
            (stop - start - 1) / step + 1
        } else {
            0
        };
        Ok((start, step, len as usize))
    }

    /// The view `a[key]` selects, and whether it is a single item (every axis indexed by
    /// an integer).
    fn index_view(a: &Array, idx: &[Idx]) -> Result<(Array, bool), ArrayError> {
        let consumed = idx.iter().filter(|i| matches!(i, Idx::Int(_) | Idx::Slice(..))).count();
        let ellipses = idx.iter().filter(|i| matches!(i, Idx::Ellipsis)).count();
        if ellipses > 1 {
            return Err(ArrayError::Index("an index can only have a single ellipsis ('...')".into()));
        }
        if consumed > a.ndim() {
            return Err(ArrayError::Index(format!(
                "too many indices for array: array is {}-dimensional, but {} were indexed",
                a.ndim(),
                consumed
            )));
        }
        let (mut shape, mut strides) = (Vec::new(), Vec::new());
        let mut offset = a.offset() as i128;
        let mut axis = 0usize;
        let all_ints = ellipses == 0 && consumed == a.ndim() && idx.iter().all(|i| matches!(i, Idx::Int(_)));
        for item in idx {
            match *item {
                Idx::Int(i) => {
                    let n = a.shape()[axis];
                    let j = if i < 0 { i as i128 + n as i128 } else { i as i128 };
                    if j < 0 || j >= n as i128 {
                        return Err(ArrayError::Index(format!(
                            "index {i} is out of bounds for axis {axis} with size {n}"
                        )));
                    }
                    offset += j * a.strides()[axis] as i128;
                    axis += 1;
                }
                Idx::Slice(start, stop, step) => {
                    let n = a.shape()[axis];
                    let (start, step, len) = adjust_slice(start, stop, step, n)?;
                    if len > 0 {
                        offset += start * a.strides()[axis] as i128;
                    }
                    shape.push(len);
                    strides.push((a.strides()[axis] as i128 * step) as isize);
                    axis += 1;
                }
                Idx::NewAxis => {
                    shape.push(1);
                    strides.push(0);
                }
                Idx::Ellipsis => {
                    let skip = a.ndim() - consumed;
                    for _ in 0..skip {
                        shape.push(a.shape()[axis]);
                        strides.push(a.strides()[axis]);
                        axis += 1;
                    }
                }
            }
        }
        while axis < a.ndim() {
            shape.push(a.shape()[axis]);
            strides.push(a.strides()[axis]);
            axis += 1;
        }
        let offset = usize::try_from(offset).map_err(|_| ArrayError::Value("view outside its buffer".into()))?;
        Ok((a.reshaped_view(offset, shape, strides)?, all_ints))
    }

    /// `getitem(a, key)`: an `_Array` view, or a Python scalar for a single item.
    #[pyfunction]
    fn getitem(a: PyObjectRef, key: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let a = array_of(&a, vm)?;
        let idx = parse_index(&key, vm)?;
        let (view, single) = index_view(&a, &idx).or_raise(vm)?;
        if single {
            return Ok(to_py(view.value_at(0), vm));
        }
        Ok(wrap(view, vm))
    }

    /// `setitem(a, key, value)`: `value` an `_Array` (broadcast to the selection) or a
    /// Python scalar.
    #[pyfunction]
    fn setitem(a: PyObjectRef, key: PyObjectRef, value: PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
        let a = array_of(&a, vm)?;
        let idx = parse_index(&key, vm)?;
        let (view, _) = index_view(&a, &idx).or_raise(vm)?;
        assign_into(&view, &value, vm)
    }

    fn assign_into(view: &Array, value: &PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
        if let Some(src) = value.downcast_ref::<PyArray>() {
            let src = &src.array;
            let b = src.broadcast_to(view.shape()).ok_or_else(|| {
                vm.new_value_error(format!(
                    "could not broadcast input array from shape {} into shape {}",
                    shape_text(src.shape()),
                    shape_text(view.shape())
                ))
            })?;
            return view.assign(&b).or_raise(vm);
        }
        let v = scalar_value(value, vm)?
            .ok_or_else(|| vm.new_type_error(format!("cannot assign a '{}' to an array item", value.class().name())))?;
        let v = checked_for(v, view.dtype, vm)?;
        view.fill(v).or_raise(vm)
    }

    fn shape_text(shape: &[usize]) -> String {
        match shape.len() {
            1 => format!("({},)", shape[0]),
            _ => format!("({})", shape.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(",")),
        }
    }

    /// `assign(dst, value)`: `dst[...] = value`.
    #[pyfunction]
    fn assign(dst: PyObjectRef, value: PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
        assign_into(&array_of(&dst, vm)?, &value, vm)
    }

    #[pyfunction]
    fn broadcast_to(a: PyObjectRef, shape: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let (a, shape) = (array_of(&a, vm)?, usizes(&shape, vm)?);
        let b = a.broadcast_to(&shape).ok_or_else(|| {
            vm.new_value_error(format!(
                "operands could not be broadcast together with remapped shapes [original->remapped]: {}  and requested shape {}",
                shape_text(a.shape()),
                shape_text(&shape)
            ))
        })?;
        Ok(wrap(b, vm))
    }

    /// `broadcast_shapes(tuple, tuple, ...)` as one tuple of tuples.
    #[pyfunction]
    fn broadcast_shapes(shapes: PyObjectRef, vm: &VirtualMachine) -> PyResult<PyTupleRef> {
        let list = shapes.downcast_ref::<PyTuple>().ok_or_else(|| vm.new_type_error("expected a tuple"))?;
        let shapes: Vec<Vec<usize>> = list.iter().map(|s| usizes(s, vm)).collect::<PyResult<_>>()?;
        let refs: Vec<&[usize]> = shapes.iter().map(Vec::as_slice).collect();
        Ok(tuple_of(&kernels::broadcast_shapes(&refs).or_raise(vm)?, vm))
    }

    /// `transpose(a, axes)`: `axes` a permutation of the axes (checked).
    #[pyfunction]
    fn transpose(a: PyObjectRef, axes: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let a = array_of(&a, vm)?;
        let tuple = axes.downcast_ref::<PyTuple>().ok_or_else(|| vm.new_type_error("expected a tuple of axes"))?;
        if tuple.len() != a.ndim() {
            return Err(vm.new_value_error("axes don't match array"));
        }
        let mut seen = vec![false; a.ndim()];
        let mut perm = Vec::with_capacity(a.ndim());
        for item in tuple.iter() {
            let k = normalize_axis(clamped_int(item, vm)?, a.ndim()).or_raise(vm)?;
            if seen[k] {
                return Err(vm.new_value_error("repeated axis in transpose"));
            }
            seen[k] = true;
            perm.push(k);
        }
        Ok(wrap(a.permuted(&perm), vm))
    }

    fn normalize_axis(axis: i64, ndim: usize) -> Result<usize, ArrayError> {
        let n = ndim as i64;
        if axis < -n || axis >= n {
            return Err(ArrayError::Axis { axis, ndim });
        }
        Ok(if axis < 0 { (axis + n) as usize } else { axis as usize })
    }

    /// `reshape_view(a, shape)`: a view with the new shape, or `None` when the items
    /// cannot be walked that way without a copy.
    #[pyfunction]
    fn reshape_view(a: PyObjectRef, shape: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let (a, shape) = (array_of(&a, vm)?, usizes(&shape, vm)?);
        if crate::array::checked_size(&shape).ok() != Some(a.size()) {
            return Err(vm.new_value_error(format!(
                "cannot reshape array of size {} into shape {}",
                a.size(),
                python_shape(&shape)
            )));
        }
        Ok(a.reshape_view(&shape).map_or_else(|| vm.ctx.none(), |v| wrap(v, vm)))
    }

    fn python_shape(shape: &[usize]) -> String {
        match shape.len() {
            1 => format!("({},)", shape[0]),
            _ => format!("({})", shape.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(", ")),
        }
    }

    /// `astype(a, dtype)`: a C-contiguous copy in `dtype` (also `copy`).
    #[pyfunction]
    fn astype(a: PyObjectRef, dtype: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let (a, dtype) = (array_of(&a, vm)?, dtype_arg(&dtype, vm)?);
        Ok(wrap(a.to_contiguous(dtype).or_raise(vm)?, vm))
    }

    /// `tobytes(a)`: the items' bytes in C order (NumPy's `a.tobytes()`).
    #[pyfunction]
    fn tobytes(a: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let a = array_of(&a, vm)?;
        let packed = if a.is_c_contiguous() { a } else { a.to_contiguous(a.dtype).or_raise(vm)? };
        let length = packed.size() * packed.dtype.itemsize();
        // SAFETY: a C-contiguous view's `length` bytes lie packed from its first item.
        let bytes = unsafe { std::slice::from_raw_parts(packed.data(), length) }.to_vec();
        Ok(vm.ctx.new_bytes(bytes).into())
    }

    /// `frombytes(data, dtype)`: a new 1-d array of `dtype` holding `data`'s bytes, a
    /// whole number of items (bool items other than 0 are 1, as every bool array's are).
    #[pyfunction]
    fn frombytes(data: rustpython_vm::function::ArgBytesLike, dtype: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let dtype = dtype_arg(&dtype, vm)?;
        let bytes = data.borrow_buf();
        let itemsize = dtype.itemsize();
        if !bytes.len().is_multiple_of(itemsize) {
            return Err(vm.new_value_error("buffer size must be a multiple of element size"));
        }
        // SAFETY: every byte is written below before the array is handed out.
        let a = unsafe { Array::for_overwrite(dtype, vec![bytes.len() / itemsize]) }.or_raise(vm)?;
        // SAFETY: the new array is C-contiguous with exactly `bytes.len()` bytes.
        let out = unsafe { std::slice::from_raw_parts_mut(a.data(), bytes.len()) };
        out.copy_from_slice(&bytes);
        if dtype == DType::Bool {
            out.iter_mut().for_each(|b| *b = u8::from(*b != 0));
        }
        Ok(wrap(a, vm))
    }

    /// `readonly(a)`: the same view, not writeable.
    #[pyfunction]
    fn readonly(a: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let mut a = array_of(&a, vm)?;
        a.set_writeable(false);
        Ok(wrap(a, vm))
    }

    /// `values(a)`: every item as a Python scalar, in C order.
    #[pyfunction]
    fn values(a: PyObjectRef, vm: &VirtualMachine) -> PyResult<Vec<PyObjectRef>> {
        let a = array_of(&a, vm)?;
        Ok(a.values().into_iter().map(|v| to_py(v, vm)).collect())
    }

    /// `tolist(a)`: nested lists of Python scalars (a scalar for a 0-d array).
    #[pyfunction]
    fn tolist(a: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let a = array_of(&a, vm)?;
        let values: Vec<PyObjectRef> = a.values().into_iter().map(|v| to_py(v, vm)).collect();
        fn nest(values: &[PyObjectRef], shape: &[usize], vm: &VirtualMachine) -> PyObjectRef {
            match shape.split_first() {
                None => values[0].clone(),
                Some((&n, rest)) => {
                    let step: usize = rest.iter().product();
                    let items = (0..n).map(|i| nest(&values[i * step..(i + 1) * step], rest, vm)).collect();
                    vm.ctx.new_list(items).into()
                }
            }
        }
        if a.ndim() == 0 {
            return Ok(values[0].clone());
        }
        Ok(nest(&values, a.shape(), vm))
    }

    fn src<'a>(obj: &'a PyObjectRef, vm: &VirtualMachine) -> PyResult<Src<'a>> {
        if let Some(a) = obj.downcast_ref::<PyArray>() {
            return Ok(Src::Array(&a.array));
        }
        match scalar_value(obj, vm)? {
            Some(v) => Ok(Src::Scalar(v)),
            None => Err(vm.new_type_error(format!("unsupported operand type: '{}'", obj.class().name()))),
        }
    }

    /// `binary(name, a, b)`: the ufunc `name` (NumPy's name: "add", "less"...).
    #[pyfunction]
    fn binary(name: PyObjectRef, a: PyObjectRef, b: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let name: String = name.try_to_value(vm)?;
        let op = BinOp::from_name(&name).ok_or_else(|| vm.new_value_error(format!("no binary ufunc {name}")))?;
        let (sa, sb) = (src(&a, vm)?, src(&b, vm)?);
        let quiet = op.is_comparison()
            || matches!(
                op,
                BinOp::Maximum
                    | BinOp::Minimum
                    | BinOp::Fmax
                    | BinOp::Fmin
                    | BinOp::LogicalAnd
                    | BinOp::LogicalOr
                    | BinOp::LogicalXor
            );
        let ignored = if quiet { fpe::INVALID } else { 0 };
        Ok(wrap(fpe::guarded(ignored, || kernels::binary(op, &sa, &sb)).or_raise(vm)?, vm))
    }

    /// `fp_errors()`: the floating-point error flags (NumPy's bits: 1 invalid, 4 divide by
    /// zero, 8 overflow, 16 underflow) the operations since the last call raised.
    #[pyfunction]
    fn fp_errors() -> u32 {
        fpe::take()
    }

    /// `result_dtype(name, a, b)`: the dtype `binary` would give, without computing.
    #[pyfunction]
    fn result_dtype(name: PyObjectRef, a: PyObjectRef, b: PyObjectRef, vm: &VirtualMachine) -> PyResult<&'static str> {
        let name: String = name.try_to_value(vm)?;
        let op = BinOp::from_name(&name).ok_or_else(|| vm.new_value_error(format!("no binary ufunc {name}")))?;
        let operand = |s: Src| match s {
            Src::Array(a) => promotion::Operand::Strong(a.dtype),
            Src::Scalar(v) => promotion::Operand::Weak(v),
        };
        let (oa, ob) = (operand(src(&a, vm)?), operand(src(&b, vm)?));
        Ok(promotion::resolve_binary(op, oa, ob).or_raise(vm)?.1.name())
    }

    /// `promote_types(name, name)`.
    #[pyfunction]
    fn promote_types(a: PyObjectRef, b: PyObjectRef, vm: &VirtualMachine) -> PyResult<&'static str> {
        let (a, b) = (dtype_arg(&a, vm)?, dtype_arg(&b, vm)?);
        Ok(promotion::promote(a, b).or_raise(vm)?.name())
    }

    /// `unary(name, a)`.
    #[pyfunction]
    fn unary(name: PyObjectRef, a: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let name: String = name.try_to_value(vm)?;
        let op = UnOp::from_name(&name).ok_or_else(|| vm.new_value_error(format!("no unary ufunc {name}")))?;
        let a = array_of(&a, vm)?;
        let quiet = matches!(op, UnOp::Isnan | UnOp::Isinf | UnOp::Isfinite | UnOp::LogicalNot | UnOp::Sign);
        let ignored = if quiet { fpe::INVALID } else { 0 };
        Ok(wrap(fpe::guarded(ignored, || kernels::unary(op, &a)).or_raise(vm)?, vm))
    }

    /// `reduce(name, a, axis, keepdims, dtype)`: `axis` None, an int or a tuple of ints;
    /// `dtype` None (the default accumulator) or a dtype name.
    #[pyfunction]
    fn reduce(
        name: PyObjectRef,
        a: PyObjectRef,
        axis: PyObjectRef,
        keepdims: bool,
        dtype: PyObjectRef,
        vm: &VirtualMachine,
    ) -> PyResult {
        let name: String = name.try_to_value(vm)?;
        let op = RedOp::from_name(&name).ok_or_else(|| vm.new_value_error(format!("no reduction {name}")))?;
        let a = array_of(&a, vm)?;
        let ndim = a.ndim();
        let axes: Vec<usize> = if vm.is_none(&axis) {
            (0..ndim).collect()
        } else if let Some(t) = axis.downcast_ref::<PyTuple>() {
            let mut axes = Vec::new();
            for item in t.iter() {
                let k = normalize_axis(clamped_int(item, vm)?, ndim).or_raise(vm)?;
                if axes.contains(&k) {
                    return Err(vm.new_value_error("duplicate value in 'axis'"));
                }
                axes.push(k);
            }
            axes
        } else {
            vec![normalize_axis(clamped_int(&axis, vm)?, ndim).or_raise(vm)?]
        };
        if matches!(op, RedOp::ArgMax | RedOp::ArgMin) && axes.len() > 1 && ndim > 1 {
            // argmax over the flattened array: the Python layer ravels first.
            return Err(vm.new_not_implemented_error(format!("{name} over several axes")));
        }
        let acc = if vm.is_none(&dtype) { kernels::default_accumulator(op, a.dtype) } else { dtype_arg(&dtype, vm)? };
        let quiet = matches!(op, RedOp::Max | RedOp::Min | RedOp::ArgMax | RedOp::ArgMin | RedOp::Any | RedOp::All);
        let ignored = if quiet { fpe::INVALID } else { 0 };
        Ok(wrap(fpe::guarded(ignored, || kernels::reduce(op, &a, &axes, keepdims, acc)).or_raise(vm)?, vm))
    }

    /// `dot(a, b)` for 1-d and 2-d arrays.
    #[pyfunction]
    fn dot(a: PyObjectRef, b: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let (a, b) = (array_of(&a, vm)?, array_of(&b, vm)?);
        let compute = promotion::promote(a.dtype, b.dtype).or_raise(vm)?;
        Ok(wrap(kernels::dot(&a, &b, compute).or_raise(vm)?, vm))
    }

    /// `float_repr(x, bits)`: the shortest repr of `x` as a float of `bits` (32 or 64)
    /// that reads back as the same float, in Python's `repr` style.
    #[pyfunction]
    fn float_repr(x: f64, bits: u32) -> String {
        // NumPy prints float32 positionally only below 1e6 (float64: below 1e16).
        if bits == 32 {
            shortest_to_repr(&format!("{:e}", x as f32), 6)
        } else {
            shortest_to_repr(&format!("{x:e}"), 16)
        }
    }

    /// Rust's shortest `{:e}` text (`-1.5e-7`, `inf`, `NaN`) in `repr(float)`'s layout:
    /// positional for exponents from -4 to below `positional_below`, otherwise `d.ddde±XX`.
    fn shortest_to_repr(sci: &str, positional_below: i32) -> String {
        let Some((mantissa, exp)) = sci.split_once('e') else {
            return match sci {
                "NaN" => "nan".into(),
                "inf" => "inf".into(),
                "-inf" => "-inf".into(),
                other => other.into(),
            };
        };
        let exp: i32 = exp.parse().unwrap_or(0);
        let (sign, mantissa) = match mantissa.strip_prefix('-') {
            Some(m) => ("-", m),
            None => ("", mantissa),
        };
        let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
        if (-4..positional_below).contains(&exp) {
            let point = exp + 1;
            let body = if point <= 0 {
                format!("0.{}{}", "0".repeat((-point) as usize), digits)
            } else if point as usize >= digits.len() {
                format!("{}{}.0", digits, "0".repeat(point as usize - digits.len()))
            } else {
                format!("{}.{}", &digits[..point as usize], &digits[point as usize..])
            };
            format!("{sign}{body}")
        } else {
            let frac = if digits.len() > 1 { format!("{}.{}", &digits[..1], &digits[1..]) } else { digits.clone() };
            let esign = if exp < 0 { '-' } else { '+' };
            format!("{sign}{frac}e{esign}{:02}", exp.abs())
        }
    }

    /// `take(a, indices)`: the rows of `a` that an integer array names (`a[indices]`).
    #[pyfunction]
    fn take(a: PyObjectRef, indices: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let (a, idx) = (array_of(&a, vm)?, array_of(&indices, vm)?);
        if !matches!(promotion::kind(idx.dtype), Kind::Int | Kind::UInt) {
            return Err(vm.new_index_error("arrays used as indices must be of integer (or boolean) type".to_owned()));
        }
        let values: Vec<i64> = idx.values().into_iter().map(|v| v.as_i64()).collect();
        Ok(wrap(a.take_rows(&values, idx.shape().to_vec()).or_raise(vm)?, vm))
    }

    fn axis_of(a: &Array, axis: PyObjectRef, vm: &VirtualMachine) -> PyResult<usize> {
        normalize_axis(clamped_int(&axis, vm)?, a.ndim()).or_raise(vm)
    }

    /// `sort(a, axis)`: a sorted copy along `axis` (NaNs last).
    #[pyfunction]
    fn sort(a: PyObjectRef, axis: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let a = array_of(&a, vm)?;
        let axis = axis_of(&a, axis, vm)?;
        Ok(wrap(lanes::sort(&a, axis).or_raise(vm)?, vm))
    }

    /// `argsort(a, axis)`: the int64 positions that sort `a` along `axis` (stable).
    #[pyfunction]
    fn argsort(a: PyObjectRef, axis: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let a = array_of(&a, vm)?;
        let axis = axis_of(&a, axis, vm)?;
        Ok(wrap(lanes::argsort(&a, axis).or_raise(vm)?, vm))
    }

    /// `scan(name, a, axis, dtype)`: "add" (cumsum) or "multiply" (cumprod) along `axis`.
    #[pyfunction]
    fn scan(name: PyObjectRef, a: PyObjectRef, axis: PyObjectRef, dtype: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let name: String = name.try_to_value(vm)?;
        let op = match name.as_str() {
            "add" => BinOp::Add,
            "multiply" => BinOp::Multiply,
            _ => return Err(vm.new_value_error(format!("no accumulation {name}"))),
        };
        let (a, dtype) = (array_of(&a, vm)?, dtype_arg(&dtype, vm)?);
        let axis = axis_of(&a, axis, vm)?;
        Ok(wrap(lanes::scan(op, &a, axis, dtype).or_raise(vm)?, vm))
    }

    /// `searchsorted(sorted, v, right, dtype)`: insertion positions of `v`'s items.
    #[pyfunction]
    fn searchsorted(
        sorted: PyObjectRef,
        v: PyObjectRef,
        right: bool,
        dtype: PyObjectRef,
        vm: &VirtualMachine,
    ) -> PyResult {
        let (sorted, v, dtype) = (array_of(&sorted, vm)?, array_of(&v, vm)?, dtype_arg(&dtype, vm)?);
        Ok(wrap(lanes::searchsorted(&sorted, &v, right, dtype).or_raise(vm)?, vm))
    }

    /// `select(cond, x, y, dtype)`: `np.where` on operands broadcast to one shape.
    #[pyfunction]
    fn select(cond: PyObjectRef, x: PyObjectRef, y: PyObjectRef, dtype: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let (c, x, y) = (array_of(&cond, vm)?, array_of(&x, vm)?, array_of(&y, vm)?);
        let dtype = dtype_arg(&dtype, vm)?;
        Ok(wrap(lanes::select(&c, &x, &y, dtype).or_raise(vm)?, vm))
    }

    /// A square matrix as row-major f64 items and its order.
    fn square_f64(a: &PyObjectRef, vm: &VirtualMachine) -> PyResult<(Vec<f64>, usize)> {
        let a = array_of(a, vm)?;
        let n = a.shape().first().copied().unwrap_or(0);
        if a.ndim() != 2 || a.shape()[1] != n {
            return Err(vm.new_value_error("expected a square matrix"));
        }
        let values = a.values().into_iter().map(|v| v.as_f64()).collect();
        Ok((values, n))
    }

    /// `lu_solve(a, b)`: X with A X = B (b 1-d or 2-d, float64), None when A is singular.
    #[pyfunction]
    fn lu_solve(a: PyObjectRef, b: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let (matrix, n) = square_f64(&a, vm)?;
        let b = array_of(&b, vm)?;
        let cols = if b.ndim() == 2 { b.shape()[1] } else { 1 };
        if b.shape().first() != Some(&n) || b.ndim() > 2 {
            return Err(vm.new_value_error("lu_solve: b does not match a"));
        }
        let rhs: Vec<f64> = b.values().into_iter().map(|v| v.as_f64()).collect();
        let Some(x) = linalg::Lu::of(&matrix, n).solve(&rhs, cols) else { return Ok(vm.ctx.none()) };
        let out = Array::zeros(DType::Float64, b.shape().to_vec()).or_raise(vm)?;
        let p = out.data().cast::<f64>();
        for (i, v) in x.into_iter().enumerate() {
            // SAFETY: `out` is a new C-contiguous float64 array of b's n*cols items.
            unsafe { p.add(i).write(v) };
        }
        Ok(wrap(out, vm))
    }

    /// `slogdet(a)`: (sign, log |det|) of a square matrix.
    #[pyfunction]
    fn slogdet(a: PyObjectRef, vm: &VirtualMachine) -> PyResult<(f64, f64)> {
        let (matrix, n) = square_f64(&a, vm)?;
        Ok(linalg::Lu::of(&matrix, n).slogdet())
    }

    /// `component(a, imag)`: `a.real` or `a.imag` of a complex128 array, a float64 view.
    #[pyfunction]
    fn component(a: PyObjectRef, imag: bool, vm: &VirtualMachine) -> PyResult {
        Ok(wrap(array_of(&a, vm)?.component_view(imag).or_raise(vm)?, vm))
    }

    /// One `numpy.random` bit generator and its distributions (`random.rs`); the
    /// Python classes `RandomState` and `Generator` each hold one.
    #[pyattr]
    #[pyclass(module = "numpy.random", name = "_BitGenerator")]
    #[derive(PyPayload)]
    pub struct PyBitGenerator {
        stream: rustpython_vm::common::lock::PyMutex<random::Stream>,
    }

    impl std::fmt::Debug for PyBitGenerator {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("_BitGenerator")
        }
    }

    fn bit_generator(stream: random::Stream, vm: &VirtualMachine) -> PyObjectRef {
        PyBitGenerator { stream: rustpython_vm::common::lock::PyMutex::new(stream) }.into_ref(&vm.ctx).into()
    }

    /// `None` (one value) or a shape tuple.
    fn size_arg(obj: &PyObjectRef, vm: &VirtualMachine) -> PyResult<Option<Vec<usize>>> {
        if vm.is_none(obj) {
            Ok(None)
        } else {
            usizes(obj, vm).map(Some)
        }
    }

    /// An unsigned 64-bit word from a Python int in [0, 2**64).
    fn word(obj: &PyObjectRef, vm: &VirtualMachine) -> PyResult<u64> {
        obj.try_index(vm)?.try_to_primitive::<u64>(vm)
    }

    /// `mt19937(seed)`: an int in [0, 2**32), or a list of such ints (a key).
    #[pyfunction]
    fn mt19937(seed: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        if let Some(list) = seed.downcast_ref::<PyList>() {
            let key: Vec<u32> = list
                .borrow_vec()
                .iter()
                .map(|k| k.try_index(vm)?.try_to_primitive::<u32>(vm))
                .collect::<PyResult<_>>()?;
            return Ok(bit_generator(random::Stream::mt19937_by_key(&key), vm));
        }
        let seed = seed.try_index(vm)?.try_to_primitive::<u32>(vm)?;
        Ok(bit_generator(random::Stream::mt19937(seed), vm))
    }

    /// `pcg64(w0, w1, w2, w3)`: the four words `SeedSequence.generate_state(4, uint64)`
    /// gave.
    #[pyfunction]
    fn pcg64(w0: PyObjectRef, w1: PyObjectRef, w2: PyObjectRef, w3: PyObjectRef, vm: &VirtualMachine) -> PyResult {
        let words = [word(&w0, vm)?, word(&w1, vm)?, word(&w2, vm)?, word(&w3, vm)?];
        Ok(bit_generator(random::Stream::pcg64(words), vm))
    }

    impl PyBitGenerator {
        fn doubles(
            &self,
            size: &PyObjectRef,
            vm: &VirtualMachine,
            draw: impl FnMut(&mut random::Stream) -> f64,
        ) -> PyResult {
            let size = size_arg(size, vm)?;
            match self.stream.lock().doubles_of(size, draw).or_raise(vm)? {
                Ok(one) => Ok(vm.ctx.new_float(one).into()),
                Err(array) => Ok(wrap(array, vm)),
            }
        }
    }

    #[pyclass]
    impl PyBitGenerator {
        /// Doubles in [0, 1): a float for `size` None, else an array.
        #[pymethod]
        fn random(zelf: &Py<Self>, size: PyObjectRef, vm: &VirtualMachine) -> PyResult {
            zelf.doubles(&size, vm, |s| s.next_double())
        }

        /// `low + range * u`, u in [0, 1).
        #[pymethod]
        fn uniform(zelf: &Py<Self>, low: f64, range: f64, size: PyObjectRef, vm: &VirtualMachine) -> PyResult {
            zelf.doubles(&size, vm, |s| low + range * s.next_double())
        }

        /// `loc + scale * z` with the legacy polar-method normals (`RandomState`).
        #[pymethod]
        fn legacy_normal(zelf: &Py<Self>, loc: f64, scale: f64, size: PyObjectRef, vm: &VirtualMachine) -> PyResult {
            zelf.doubles(&size, vm, |s| loc + scale * s.legacy_gauss())
        }

        /// `loc + scale * z` with the ziggurat normals (`Generator`).
        #[pymethod]
        fn normal(zelf: &Py<Self>, loc: f64, scale: f64, size: PyObjectRef, vm: &VirtualMachine) -> PyResult {
            zelf.doubles(&size, vm, |s| loc + scale * s.standard_normal())
        }

        /// `bounded(off, rng, size, dtype, masked)`: integers `off + [0, rng]` (64-bit
        /// words; the caller has checked the bounds against the dtype) as an array of
        /// `dtype`, 0-d when `size` is None.
        #[pymethod]
        fn bounded(
            zelf: &Py<Self>,
            off: PyObjectRef,
            rng: PyObjectRef,
            size: PyObjectRef,
            dtype: PyObjectRef,
            masked: bool,
            vm: &VirtualMachine,
        ) -> PyResult {
            let (off, rng, dtype) = (word(&off, vm)?, word(&rng, vm)?, dtype_arg(&dtype, vm)?);
            let bits = random::bits_of(dtype)
                .ok_or_else(|| vm.new_type_error(format!("Unsupported dtype {} for randint", dtype.name())))?;
            let shape = size_arg(&size, vm)?.unwrap_or_default();
            let count = crate::array::checked_size(&shape).or_raise(vm)?;
            let how = if masked { random::Bounding::Masked } else { random::Bounding::Lemire };
            let words = zelf.stream.lock().bounded(off, rng, count, bits, how);
            Ok(wrap(random::array_of_words(&words, dtype, shape).or_raise(vm)?, vm))
        }

        /// A uniform int in [0, max] by masking (a shuffle's step).
        #[pymethod]
        fn interval(zelf: &Py<Self>, max: PyObjectRef, vm: &VirtualMachine) -> PyResult<u64> {
            let max = word(&max, vm)?;
            Ok(zelf.stream.lock().interval(max))
        }

        /// Shuffles an array in place along its first axis.
        #[pymethod]
        fn shuffle(zelf: &Py<Self>, a: PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
            let a = array_of(&a, vm)?;
            zelf.stream.lock().shuffle_rows(&a).or_raise(vm)
        }

        /// `Generator.choice`'s indices without replacement, an int64 array.
        #[pymethod]
        fn sample(zelf: &Py<Self>, pop: u64, size: u64, shuffle: bool, vm: &VirtualMachine) -> PyResult {
            let idx = zelf.stream.lock().sample_without_replacement(pop, size, shuffle);
            let a = Array::zeros(DType::Int64, vec![idx.len()]).or_raise(vm)?;
            let p = a.data().cast::<i64>();
            for (i, v) in idx.into_iter().enumerate() {
                // SAFETY: `a` is a new C-contiguous int64 array of `idx.len()` items.
                unsafe { p.add(i).write(v) };
            }
            Ok(wrap(a, vm))
        }

        /// Raw 64-bit words (`BitGenerator.random_raw`).
        #[pymethod]
        fn raw(zelf: &Py<Self>, size: PyObjectRef, vm: &VirtualMachine) -> PyResult {
            let shape = size_arg(&size, vm)?;
            let mut stream = zelf.stream.lock();
            let Some(shape) = shape else { return Ok(vm.ctx.new_int(stream.next_u64()).into()) };
            let count = crate::array::checked_size(&shape).or_raise(vm)?;
            let words: Vec<u64> = (0..count).map(|_| stream.next_u64()).collect();
            Ok(wrap(random::array_of_words(&words, DType::UInt64, shape).or_raise(vm)?, vm))
        }
    }
}
