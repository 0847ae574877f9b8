//! Values crossing between the interpreter and native code: the pynum type of an
//! argument (derived on every call, so scalar types allocate nothing), arguments packed
//! into 64-bit words, lists (lists of lists and of tuples too) and bytearrays copied in
//! and written back (reflection, one copy per object so aliases stay aliases),
//! results and raised constants unboxed into Python objects, and explicit signatures.
//!
//! Assumes the calling convention of `runtime/src/abi.rs`: one word per scalar, a list as
//! `[len, items...]` in words, a bytearray as its length word then its bytes.

use std::sync::Arc;

use pynum_jit::ir::Const;
use pynum_jit::lir::lower::parts;
use pynum_jit::types::{ObjectType, Type};
use pynum_numpy::array::DType;
use pynum_runtime::dicts::NativeDict;

// Fx maps: a call makes a `Copies` however few arguments it copies, and std's
// `RandomState` costs a thread-local read per map made.
use rustc_hash::{FxHashMap, FxHashSet};
use rustpython_vm::{
    builtins::{PyByteArray, PyDict, PyDictRef, PyFloat, PyInt, PyList, PyStr, PyTuple, PyType},
    common::hash::PyHash,
    common::lock::{PyMappedDetachingRwLockReadGuard, PyMappedDetachingRwLockWriteGuard},
    types::{Hashable, PyTypeFlags},
    AsObject, Py, PyObject, PyObjectRef, PyRef, PyResult, VirtualMachine,
};

/// The pynum type of an argument value, `pyobject` when native code does not take it.
/// On the call path too: scalar types allocate nothing.
pub(crate) fn type_of(value: &PyObjectRef, vm: &VirtualMachine) -> Type {
    let class = value.class();
    if class.is(vm.ctx.types.list_type) {
        value.downcast_ref::<PyList>().map_or(Type::PyObject, |list| list_type(list, vm))
    } else if class.is(vm.ctx.types.bytearray_type) {
        Type::ByteArray
    } else if class.is(vm.ctx.types.dict_type) {
        value.downcast_ref::<PyDict>().map_or(Type::PyObject, |dict| dict_type(dict, vm))
    } else if class.is(vm.ctx.types.tuple_type) {
        // A tuple of scalars, one argument word per item.
        match value.downcast_ref::<PyTuple>().and_then(|tuple| tuple_type(tuple, vm)) {
            Some(Type::Tuple(items)) if !items.is_empty() && items.iter().all(Type::is_number) => Type::Tuple(items),
            _ => Type::PyObject,
        }
    } else if let Some(array) = array_type(value, vm) {
        array
    } else if let Some(object) = object_type(value, true, vm) {
        Type::Object(Box::new(object))
    } else {
        scalar_type_of(value, vm)
    }
}

/// A tuple's type made of its items' scalar types, or `None` for a tuple longer than
/// native code takes as a value ([`pynum_jit::types::MAX_TUPLE_LEN`]).
fn tuple_type(tuple: &PyTuple, vm: &VirtualMachine) -> Option<Type> {
    (tuple.len() <= pynum_jit::types::MAX_TUPLE_LEN)
        .then(|| Type::Tuple(tuple.as_slice().iter().map(|o| scalar_type_of(o, vm)).collect()))
}

/// The item type native code gives an array of `dtype`, when it takes such arrays.
fn item_type_of(dtype: DType) -> Option<Type> {
    match dtype {
        DType::Int64 => Some(Type::INT64),
        DType::Float64 => Some(Type::FLOAT64),
        _ => None,
    }
}

/// The dtype of an array whose items native code types as `item` (the inverse of
/// [`item_type_of`]).
fn dtype_of_item(item: &Type) -> Option<DType> {
    [DType::Int64, DType::Float64].into_iter().find(|&dtype| item_type_of(dtype).as_ref() == Some(item))
}

/// The type of an exact `numpy.ndarray`: an array native code takes (`int64` or
/// `float64` items, one axis or more), or `pyobject` for another one; `None` for a value
/// that is no array.
fn array_type(value: &PyObjectRef, vm: &VirtualMachine) -> Option<Type> {
    pynum_numpy::with_ndarray(value, vm, |array| {
        let Some(item) = item_type_of(array.dtype) else { return Type::PyObject };
        match u8::try_from(array.ndim()) {
            Ok(ndim) if ndim >= 1 => Type::Array { item: Box::new(item), ndim, readonly: !array.writeable() },
            _ => Type::PyObject,
        }
    })
}

/// `type_of(value) == *array` for an array type, without making a `Type`.
fn has_array_type(value: &PyObjectRef, array: &Type, vm: &VirtualMachine) -> bool {
    let Type::Array { item, ndim, readonly } = array else { return false };
    let Some(dtype) = dtype_of_item(item) else { return false };
    pynum_numpy::with_ndarray(value, vm, |a| {
        a.dtype == dtype && a.ndim() == *ndim as usize && a.writeable() != *readonly
    })
    .unwrap_or(false)
}

/// The argument words of an array: its data pointer, its shape, its strides in bytes
/// (`abi::array_layout`), valid while `value` lives (the caller holds it for the call).
pub(super) fn array_words(value: &PyObjectRef, ndim: usize, vm: &VirtualMachine) -> PyResult<Vec<u64>> {
    pynum_numpy::with_ndarray(value, vm, |a| {
        let mut words = Vec::with_capacity(1 + 2 * ndim);
        words.push(a.data() as u64);
        words.extend(a.shape().iter().map(|&n| n as u64));
        words.extend(a.strides().iter().map(|&s| s as u64));
        words
    })
    .filter(|words| words.len() == 1 + 2 * ndim)
    .ok_or_else(|| vm.new_type_error("typed as an array, but not one".to_owned()))
}

/// The NumPy array `@njit` code returned (`words`: its data pointer, shape and strides),
/// as Numba returns one: a view sharing the memory of the argument it is in, or an array
/// owning the memory native code allocated for it. `None` when it is neither (a bug).
pub(super) fn array_result(words: &[u64], ty: &Type, args: &[PyObjectRef], vm: &VirtualMachine) -> Option<PyObjectRef> {
    let Type::Array { item, ndim, readonly } = ty else { return None };
    let ndim = *ndim as usize;
    let data = words[0] as *const u8;
    let shape: Vec<usize> = words.get(1..=ndim)?.iter().map(|&w| w as usize).collect();
    let strides: Vec<isize> = words.get(1 + ndim..1 + 2 * ndim)?.iter().map(|&w| w as i64 as isize).collect();
    let dtype = dtype_of_item(item)?;
    // An argument handed back unchanged is that object, as Numba returns it.
    let same = |arg: &&PyObjectRef| {
        pynum_numpy::with_ndarray(arg, vm, |a| {
            std::ptr::eq(a.data(), data)
                && a.dtype == dtype
                && a.shape() == shape.as_slice()
                && a.strides() == strides.as_slice()
                && a.writeable() != *readonly
        })
        .unwrap_or(false)
    };
    if let Some(arg) = args.iter().find(same) {
        return Some(arg.clone());
    }
    if shape.contains(&0) {
        // No items, so no memory to share: a new empty array, as NumPy's copy would be.
        let numpy = vm.import("numpy", 0).ok()?;
        let shape = vm.ctx.new_tuple(shape.iter().map(|&n| vm.ctx.new_int(n).into()).collect());
        return numpy.get_attr("zeros", vm).ok()?.call((shape, dtype.name()), vm).ok();
    }
    let view = |arg: &PyObjectRef| pynum_numpy::view_into(arg, data, dtype, &shape, &strides, !*readonly, vm);
    if let Some(view) = args.iter().find_map(view) {
        return Some(view);
    }
    let (start, layout) = pynum_runtime::arrays::adopt(data)?;
    // SAFETY: adopted from the arena, which zero-filled it; `data` is inside it.
    unsafe { pynum_numpy::adopt_native(start, layout, data, dtype, shape, strides, vm) }
}

/// The type of an instance of a plain class ([`plain_class`]) whose `__dict__` holds
/// only fields native code takes: words, and with `list_fields` lists too (whose items
/// may be objects with word fields: the derivation goes no deeper, so an object that
/// reaches itself costs no recursion). `None` for anything else.
fn object_type(value: &PyObjectRef, list_fields: bool, vm: &VirtualMachine) -> Option<ObjectType> {
    let class = value.class();
    if !plain_class(class, vm) {
        return None;
    }
    let dict = value.dict()?;
    let mut fields = Vec::with_capacity(dict.__len__());
    let mut names = Vec::with_capacity(dict.__len__());
    for (key, item) in &dict {
        let name = key.downcast::<PyStr>().ok().filter(|k| k.class().is(vm.ctx.types.str_type))?;
        let ty = match scalar_type_of(&item, vm) {
            Type::PyObject if list_fields && item.class().is(vm.ctx.types.list_type) => {
                item.downcast_ref::<PyList>().map(|list| list_type(list, vm))?
            }
            scalar => scalar,
        };
        // A key that is not UTF-8 (a lone surrogate) is no name native code reads.
        if !ObjectType::is_field(&ty) {
            return None;
        }
        fields.push((name.to_str()?.to_owned(), ty));
        names.push(name);
    }
    // The class's attributes are looked up last: an instance holding anything else
    // (most objects) is turned down for the price of a pass over its `__dict__`.
    if fields.is_empty() || names.iter().any(|name| shadowed_by_descriptor(class, name, vm)) {
        return None;
    }
    fields.sort_by(|a, b| a.0.cmp(&b.0));
    Some(ObjectType {
        class_name: class.slot_name().to_string(),
        class_id: class as *const Py<PyType> as usize,
        fields,
    })
}

/// A class whose instances' attributes are their `__dict__` entries: a user class
/// (a heap type) that looks attributes up and stores them as `object` does (no
/// `__getattribute__`, `__getattr__` or `__setattr__` of its own, or inherited).
fn plain_class(class: &Py<PyType>, vm: &VirtualMachine) -> bool {
    let object = &vm.ctx.types.object_type.slots;
    let same = |a: Option<usize>, b: Option<usize>| a.is_some() && a == b;
    class.slots.flags.has_feature(PyTypeFlags::HEAPTYPE)
        && same(class.slots.getattro.load().map(|f| f as usize), object.getattro.load().map(|f| f as usize))
        && same(class.slots.setattro.load().map(|f| f as usize), object.setattro.load().map(|f| f as usize))
}

/// Whether the class has a data descriptor named `name` (a property, a slot): it, not
/// the instance's `__dict__`, answers reads and writes of that attribute.
fn shadowed_by_descriptor(class: &Py<PyType>, name: &Py<PyStr>, vm: &VirtualMachine) -> bool {
    class.lookup_ref(name, vm).is_some_and(|attribute| {
        let slots = &attribute.class().slots;
        slots.descr_set.load().is_some()
    })
}

/// Whether `value` has the object type `object`: the same class, and a `__dict__` with
/// exactly those fields, of those types. Given that an instance of its class was found
/// plain ([`object_type`]) in the same pass (a list's items) it need not look at the class
/// again; otherwise (`ClassCheck::Check`) the class must still be plain and no field shadowed
/// by a data descriptor, as [`object_type`] requires.
fn has_object_type(value: &PyObjectRef, object: &ObjectType, class_check: ClassCheck, vm: &VirtualMachine) -> bool {
    let class = value.class();
    if class as *const Py<PyType> as usize != object.class_id {
        return false;
    }
    if class_check == ClassCheck::Check && !plain_class(class, vm) {
        return false;
    }
    let Some(dict) = value.dict() else { return false };
    dict.__len__() == object.fields.len()
        && (&dict).into_iter().all(|(key, item)| {
            let Some(name) = key.downcast_ref::<PyStr>().filter(|k| k.class().is(vm.ctx.types.str_type)) else {
                return false;
            };
            let typed = match name.to_str().and_then(|text| object.field(text)) {
                Some((_, Type::List(inner))) => {
                    item.class().is(vm.ctx.types.list_type)
                        && item.downcast_ref::<PyList>().is_some_and(|list| has_list_type(list, inner, vm))
                }
                Some((_, ty)) => scalar_type_of(&item, vm) == *ty,
                None => false,
            };
            typed && (class_check == ClassCheck::Trusted || !shadowed_by_descriptor(class, name, vm))
        })
}

/// Whether [`has_object_type`] looks at the class again.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ClassCheck {
    /// An instance of the class was just found plain.
    Trusted,
    Check,
}

/// `list_type(list) == Type::List(item)`, without making a `Type`. The first item's
/// class is looked at again, as `list_type` does; the others share it.
fn has_list_type(list: &PyList, item: &Type, vm: &VirtualMachine) -> bool {
    let items = list.borrow_vec();
    let Some((first, rest)) = items.split_first() else { return *item == Type::INT64 };
    let first_has_it = match item {
        Type::Object(object) => has_object_type(first, object, ClassCheck::Check, vm),
        _ => has_item_type(first, item, vm),
    };
    item.is_list_item() && first_has_it && rest.iter().all(|o| has_item_type(o, item, vm))
}

/// `type_of(value) == *ty`, without making a `Type` for the scalars every call checks;
/// an empty dict is any dict native code takes (it has no entries to disagree).
pub(super) fn has_type(value: &PyObjectRef, ty: &Type, vm: &VirtualMachine) -> bool {
    match ty {
        scalar if scalar.is_number() => has_scalar_type(value, ty, vm),
        Type::Dict(..) if is_empty_dict(value, vm) => true,
        Type::Array { .. } => has_array_type(value, ty, vm),
        // A call's objects and lists are checked without making their types (a
        // function taking an object paid about 1.2 us a call making its type).
        Type::Object(object) => has_object_type(value, object, ClassCheck::Check, vm),
        Type::List(item) => {
            value.class().is(vm.ctx.types.list_type)
                && value.downcast_ref::<PyList>().is_some_and(|list| has_list_type(list, item, vm))
        }
        _ => type_of(value, vm) == *ty,
    }
}

/// Whether `value` is an exact `dict` with no entries.
pub(super) fn is_empty_dict(value: &PyObjectRef, vm: &VirtualMachine) -> bool {
    value.class().is(vm.ctx.types.dict_type) && value.downcast_ref::<PyDict>().is_some_and(|d| d.__len__() == 0)
}

/// Whether an int (exact class checked by the caller) is a machine word.
fn int_fits_in_i64(value: &PyObjectRef) -> bool {
    value.downcast_ref::<PyInt>().and_then(|int| small_int(int)).is_some()
}

/// An int's value as a machine word, `None` past 64 bits: read off its sign and 64-bit
/// digits, without the conversion (and the `OverflowError` it makes for a big int) that
/// `try_to_primitive` runs. Every item of every list argument passes here twice a call.
fn small_int(int: &PyInt) -> Option<i64> {
    let value = int.as_bigint();
    let mut digits = value.iter_u64_digits();
    let magnitude = digits.next().unwrap_or(0);
    if digits.next().is_some() {
        return None;
    }
    if value.sign() == malachite_bigint::Sign::Minus {
        (magnitude <= 1 << 63).then(|| (magnitude as i64).wrapping_neg())
    } else {
        i64::try_from(magnitude).ok()
    }
}

/// `scalar_type_of(value) == *scalar` without making a `Type`.
fn has_scalar_type(value: &PyObjectRef, scalar: &Type, vm: &VirtualMachine) -> bool {
    let class = value.class();
    let types = &vm.ctx.types;
    match scalar {
        Type::Int { bits: 64, signed: true } => class.is(types.int_type) && int_fits_in_i64(value),
        Type::Float { bits: 64 } => class.is(types.float_type),
        Type::Bool => class.is(types.bool_type),
        Type::Str => class.is(types.str_type),
        _ => scalar_type_of(value, vm) == *scalar,
    }
}

/// The type of a value native code holds in a machine word (bool, a 64-bit int, a
/// float, a str by its id in the call's [`WordObjects`]), `pyobject` for anything else. Never looks inside a container, so deriving a
/// list's type takes one pass over its items whatever they hold: a list that contains
/// itself, or lists nested a million deep, cost no recursion.
fn scalar_type_of(value: &PyObjectRef, vm: &VirtualMachine) -> Type {
    // Exact classes only: a subclass may override the operators native code implements.
    let class = value.class();
    let types = &vm.ctx.types;
    if class.is(types.bool_type) {
        Type::Bool
    } else if class.is(types.int_type) {
        if int_fits_in_i64(value) {
            Type::INT64
        } else {
            Type::PyObject
        }
    } else if class.is(types.float_type) {
        Type::FLOAT64
    } else if class.is(types.str_type) {
        Type::Str
    } else {
        Type::PyObject
    }
}

/// How much copying `args` in would walk, counted without walking: the lengths of the
/// lists, tuples and dicts among them and the attribute counts of instances (one level
/// only, so a list of lists counts its rows).
pub(super) fn copied_size(args: &[PyObjectRef]) -> u64 {
    args.iter()
        .map(|value| match container_len(value) {
            Some(len) => len as u64,
            None => value.dict().map_or(0, |fields| fields.__len__() as u64),
        })
        .sum()
}

/// The length of a list, tuple or dict (what copying in walks), else `None`.
pub(super) fn container_len(value: &PyObject) -> Option<usize> {
    if let Some(list) = value.downcast_ref::<PyList>() {
        Some(list.borrow_vec().len())
    } else if let Some(tuple) = value.downcast_ref::<PyTuple>() {
        Some(tuple.len())
    } else {
        value.downcast_ref::<PyDict>().map(|dict| dict.__len__())
    }
}

/// The dict's type when native code takes it: `reflected dict(k, t)` when every key has
/// the first key's type `k`, an int that fits in 64 bits (exactly `int`: a bool key stays
/// a bool in the dict), an exact `str` or an exact `tuple` of those ([`key_type_of`]),
/// and every value has the first value's type `t`, an `int64`, a `float64` or a `str`
/// (an empty dict counts as ints to ints). One pass over the entries, nothing allocated
/// but the first key's type.
fn dict_type(dict: &Py<PyDict>, vm: &VirtualMachine) -> Type {
    let mut key_type: Option<Type> = None;
    let mut value_type: Option<Type> = None;
    for (key, value) in dict {
        match &key_type {
            Some(first) if has_key_type(&key, first, vm) => {}
            Some(_) => return Type::PyObject,
            None => match key_type_of(&key, vm) {
                first if first.is_dict_key() => key_type = Some(first),
                _ => return Type::PyObject,
            },
        }
        let ty = scalar_type_of(&value, vm);
        match &value_type {
            Some(first) if *first != ty => return Type::PyObject,
            Some(_) => {}
            None if ty.is_word_item() => value_type = Some(ty),
            None => return Type::PyObject,
        }
    }
    Type::Dict(Box::new(key_type.unwrap_or(Type::INT64)), Box::new(value_type.unwrap_or(Type::INT64)))
}

/// A dict key's type: a scalar's ([`scalar_type_of`]), or an exact `tuple`'s, made of
/// its items' scalar types (a tuple inside it is a `pyobject`, which no dict of native
/// code takes).
fn key_type_of(key: &PyObjectRef, vm: &VirtualMachine) -> Type {
    match key.downcast_ref_if_exact::<PyTuple>(vm) {
        Some(tuple) if tuple.len() <= pynum_jit::types::MAX_TUPLE_KEY_LEN => {
            Type::Tuple(tuple.as_slice().iter().map(|item| scalar_type_of(item, vm)).collect())
        }
        Some(_) => Type::PyObject,
        None => scalar_type_of(key, vm),
    }
}

/// `key_type_of(key) == *ty`, without making a `Type`.
fn has_key_type(key: &PyObjectRef, ty: &Type, vm: &VirtualMachine) -> bool {
    match ty {
        Type::Tuple(items) => key.downcast_ref_if_exact::<PyTuple>(vm).is_some_and(|tuple| {
            tuple.len() == items.len()
                && tuple.as_slice().iter().zip(items).all(|(item, ty)| has_scalar_type(item, ty, vm))
        }),
        scalar => has_scalar_type(key, scalar, vm),
    }
}

/// The list's type when native code takes it: `reflected list(t)` when every item has
/// the first item's type `t` by [`item_type`] (an empty list counts as ints).
fn list_type(list: &PyList, vm: &VirtualMachine) -> Type {
    let items = list.borrow_vec();
    let Some(first) = items.first() else {
        return Type::List(Box::new(Type::INT64));
    };
    let item = item_type(first, vm);
    if item.is_list_item() && items.iter().all(|o| has_item_type(o, &item, vm)) {
        Type::List(Box::new(item))
    } else {
        Type::PyObject
    }
}

/// The type of a list's item: a scalar ([`scalar_type_of`]), or one level down a list of
/// scalars or a tuple of scalars. Goes no deeper, so a list that contains itself costs
/// no recursion.
fn item_type(value: &PyObjectRef, vm: &VirtualMachine) -> Type {
    let class = value.class();
    if class.is(vm.ctx.types.list_type) {
        let Some(list) = value.downcast_ref::<PyList>() else { return Type::PyObject };
        let items = list.borrow_vec();
        let inner = items.first().map_or(Type::INT64, |first| scalar_type_of(first, vm));
        if inner.is_word_item() && items.iter().all(|o| has_scalar_type(o, &inner, vm)) {
            Type::List(Box::new(inner))
        } else {
            Type::PyObject
        }
    } else if class.is(vm.ctx.types.tuple_type) {
        value.downcast_ref::<PyTuple>().and_then(|tuple| tuple_type(tuple, vm)).unwrap_or(Type::PyObject)
    } else if let Some(object) = object_type(value, false, vm) {
        Type::Object(Box::new(object))
    } else {
        scalar_type_of(value, vm)
    }
}

/// `item_type(value) == *item`, allocating nothing for the list and tuple items every
/// call checks.
fn has_item_type(value: &PyObjectRef, item: &Type, vm: &VirtualMachine) -> bool {
    match item {
        Type::List(inner) => {
            value.class().is(vm.ctx.types.list_type)
                && value.downcast_ref::<PyList>().is_some_and(|list| {
                    // An empty inner list is a list of any words: native code cannot grow it.
                    list.borrow_vec().iter().all(|o| has_scalar_type(o, inner, vm))
                })
        }
        Type::Tuple(types) => {
            value.class().is(vm.ctx.types.tuple_type)
                && value.downcast_ref::<PyTuple>().is_some_and(|tuple| {
                    tuple.len() == types.len()
                        && tuple.as_slice().iter().zip(types).all(|(o, t)| scalar_type_of(o, vm) == *t)
                })
        }
        Type::Object(object) => has_object_type(value, object, ClassCheck::Trusted, vm),
        scalar => has_scalar_type(value, scalar, vm),
    }
}

/// A list or object and the copy native code works on: `[len, items...]` in 64-bit
/// words (an inner list or tuple item is its copy's address), or one word per field.
/// Each keeps the words as copied in, so that write-back stores exactly what native code
/// changed: another thread's writes to the rest stay, and write-back reads nothing, so
/// it cannot fail half-way. A bytearray is not copied: native code works in its bytes.
enum Reflected {
    List(PyRef<PyList>, Type, CopiedWords),
    Bytes(BorrowedBytes),
    /// An instance, the `__dict__` its fields were read from, and its fields.
    Object(PyObjectRef, PyDictRef, ObjectType, CopiedWords),
    Dict(PyDictRef, CopiedDict),
}

/// A bytearray native code works on in place (`runtime::abi::bytearray_layout`): the
/// two words it is given, the bytearray's lock, held until the call is over (no other
/// thread resizes, moves or writes the bytes meanwhile; native code never resizes them),
/// and,
/// when the call is re-executed by the interpreter if it does not finish natively
/// (automatic mode) and may write, the bytes as they were, which [`Copies::undo`] puts
/// back. One copy of the bytes, not three: copying a 10 MB bytearray in, keeping its
/// original and comparing the two on the way out was a third of the sieve's run.
struct BorrowedBytes {
    /// Address and length of the bytes.
    words: [u64; 2],
    /// Declared before `array`, so it is unlocked before the reference is dropped.
    lock: BytesLock,
    before: Option<Vec<u8>>,
    array: PyRef<PyByteArray>,
}

/// A bytearray's lock as a call holds it: to read, or to write.
enum BytesLock {
    /// Held, never read: native code reads through the address.
    Read(#[allow(dead_code)] PyMappedDetachingRwLockReadGuard<'static, [u8]>),
    Write(PyMappedDetachingRwLockWriteGuard<'static, Vec<u8>>),
    /// Given up once native code is done ([`Copies::release_bytearrays`]).
    Released,
}

impl BorrowedBytes {
    /// Locks `array` for a call that reads it (`writes` false) or may write it, and keeps
    /// its bytes as they were when `undoable`; `None` when the memory cannot hold that
    /// copy (the interpreter runs the call: allocation failure is never an abort).
    fn lock(array: PyRef<PyByteArray>, writes: bool, undoable: bool) -> Option<BorrowedBytes> {
        // SAFETY: the guards borrow the bytearray `array` keeps alive; the payload of a
        // Python object never moves, and `lock` is dropped before `array` (field order).
        let (lock, address, len, before) = unsafe {
            if writes {
                let mut guard = std::mem::transmute::<
                    PyMappedDetachingRwLockWriteGuard<'_, Vec<u8>>,
                    PyMappedDetachingRwLockWriteGuard<'static, Vec<u8>>,
                >(array.borrow_buf_mut());
                let before = match undoable {
                    true => {
                        let mut before = Vec::new();
                        before.try_reserve_exact(guard.len()).ok()?;
                        before.extend_from_slice(&guard);
                        Some(before)
                    }
                    false => None,
                };
                let (address, len) = (guard.as_mut_ptr() as u64, guard.len() as u64);
                (BytesLock::Write(guard), address, len, before)
            } else {
                let guard = std::mem::transmute::<
                    PyMappedDetachingRwLockReadGuard<'_, [u8]>,
                    PyMappedDetachingRwLockReadGuard<'static, [u8]>,
                >(array.borrow_buf());
                let (address, len) = (guard.as_ptr() as u64, guard.len() as u64);
                (BytesLock::Read(guard), address, len, None)
            }
        };
        Some(BorrowedBytes { words: [address, len], lock, before, array })
    }

    /// Unlocks the bytes: native code is done with them.
    fn release(&mut self) {
        self.lock = BytesLock::Released;
        self.before = None;
    }

    /// Puts the bytes back as they were (a call the interpreter will run again).
    fn undo(&mut self) {
        if let (BytesLock::Write(bytes), Some(before)) = (&mut self.lock, &self.before) {
            bytes.copy_from_slice(before);
        }
    }
}

/// A dict's copy ([`NativeDict`]), the key objects and values of its entries as they were
/// copied in, and the keys' and values' types.
struct CopiedDict {
    native: Box<NativeDict>,
    keys: Vec<PyObjectRef>,
    values: Vec<u64>,
    key_type: Type,
    value_type: Type,
}

/// The strings native code holds during one call: a `str` is its id here, and equal
/// strings have one id, so comparing ids compares strings and a dict copy hashes ids.
/// The first ids are the code's constants ([`pynum_jit::lir::Module::strings`], which
/// native code has as numbers), in a table made once per compiled code and shared by its
/// calls ([`WordObjects::constants`]); the others are the strings the arguments bring, each
/// kept as the first object seen with its text, which is what native code hands back
/// and writes back (a string copied in comes back as itself). Strings are found by the
/// hash Python caches in each str object, so a list of words seen again costs no
/// hashing of their text.
///
/// The table also keeps the NaN float objects a call was given (arguments, items, fields,
/// dict values), the first of each bit pattern: a NaN native code hands back or writes
/// back with those bits is that object. CPython's `in`, `list.count`, `index`, list `==`
/// and dict lookups take an object as equal to itself before comparing, so a NaN that a
/// new object replaced is no longer found where the program put it (a list of 5,000
/// `nan`s copied natively counted 0 of them).
#[derive(Default)]
pub(super) struct WordObjects {
    /// The code's constants: ids `0..constants.len()`, before this table's own.
    constants: Option<Arc<WordObjects>>,
    /// The first id with each hash; `collisions` has the rest.
    by_hash: FxHashMap<PyHash, u64>,
    collisions: Vec<(PyHash, u64)>,
    objects: Vec<PyRef<PyStr>>,
    /// NaN objects given to the call, by their bits (few: a list of NaNs has one pattern).
    nans: Vec<(u64, PyObjectRef)>,
}

impl WordObjects {
    /// The table of compiled code's string constants, their ids in order: the very
    /// objects the interpreter's code holds (the constants of the code `function` runs,
    /// which is not the code as written its `__code__` shows, and of the code nested in
    /// it), so a constant native code hands back is the one the
    /// interpreter would have (`pick(2) is pick(4)` as in CPython). A constant of other
    /// code (a callee's) is the interned string rustpython's compiler makes of a name,
    /// else a new string.
    pub(super) fn constants(texts: &[String], function: &PyObjectRef, vm: &VirtualMachine) -> Arc<WordObjects> {
        let mut code_strings = Vec::new();
        if let Ok(code) = super::compiled_functions::held_code(function, vm) {
            collect_str_constants(code.as_object(), &mut code_strings, vm);
        }
        let mut table = WordObjects::default();
        for text in texts {
            let object = code_strings
                .iter()
                .find(|constant| constant.as_wtf8().as_bytes() == text.as_bytes())
                .cloned()
                .unwrap_or_else(|| {
                    let is_name = text.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
                    if is_name {
                        vm.ctx.intern_str(text.as_str()).to_owned()
                    } else {
                        vm.ctx.new_str(text.as_str())
                    }
                });
            table.id_of(&object, vm);
        }
        Arc::new(table)
    }

    /// A call's table, after the code's `constants`.
    fn after(constants: &Arc<WordObjects>) -> WordObjects {
        WordObjects { constants: (!constants.objects.is_empty()).then(|| constants.clone()), ..WordObjects::default() }
    }

    /// How many ids come before this table's own.
    fn first_own_id(&self) -> u64 {
        self.constants.as_ref().map_or(0, |constants| constants.objects.len() as u64)
    }

    /// The id of `value`, an exact `str` (typing checked the class).
    fn id(&mut self, value: &PyObjectRef, vm: &VirtualMachine) -> PyResult<u64> {
        let text = value.downcast_ref::<PyStr>().ok_or_else(|| vm.new_type_error("typed as a str".to_owned()))?;
        Ok(self.id_of(text, vm))
    }

    /// The id of a string already in this table (or its constants).
    fn find(&self, text: &Py<PyStr>, hash: PyHash) -> Option<u64> {
        if let Some(id) = self.constants.as_ref().and_then(|constants| constants.find(text, hash)) {
            return Some(id);
        }
        let first_own = self.first_own_id();
        let same = |id: u64| {
            let known = &self.objects[(id - first_own) as usize];
            known.is(text) || known.as_wtf8().as_bytes() == text.as_wtf8().as_bytes()
        };
        match self.by_hash.get(&hash) {
            Some(&id) if same(id) => Some(id),
            Some(_) => self.collisions.iter().find(|&&(h, id)| h == hash && same(id)).map(|&(_, id)| id),
            None => None,
        }
    }

    fn id_of(&mut self, text: &Py<PyStr>, vm: &VirtualMachine) -> u64 {
        let hash = <PyStr as Hashable>::hash(text, vm).unwrap_or(0);
        if let Some(id) = self.find(text, hash) {
            return id;
        }
        let id = self.first_own_id() + self.objects.len() as u64;
        match self.by_hash.entry(hash) {
            std::collections::hash_map::Entry::Vacant(slot) => {
                slot.insert(id);
            }
            std::collections::hash_map::Entry::Occupied(_) => self.collisions.push((hash, id)),
        }
        self.objects.push(text.to_owned());
        id
    }

    /// Notes `value`, a float object given to the call, when it is a NaN.
    fn note_nan(&mut self, value: &PyObjectRef) {
        let Some(float) = value.downcast_ref::<PyFloat>() else { return };
        let bits = float.to_f64().to_bits();
        if float.to_f64().is_nan() && !self.nans.iter().any(|(known, _)| *known == bits) {
            self.nans.push((bits, value.clone()));
        }
    }

    /// The float object of `bits`: the NaN given with those bits, else `math.nan` when
    /// they are its bits (native code takes `math.nan` as a constant, and CPython's
    /// `vals.append(math.nan)` stores that one object), else a new float.
    fn float(&self, bits: u64, vm: &VirtualMachine) -> PyObjectRef {
        let value = f64::from_bits(bits);
        if value.is_nan() {
            if let Some((_, given)) = self.nans.iter().find(|(known, _)| *known == bits) {
                return given.clone();
            }
            if bits == f64::NAN.to_bits() {
                let math_nan = vm.import("math", 0).and_then(|math| math.get_attr("nan", vm)).ok();
                let same =
                    |nan: &PyObjectRef| nan.downcast_ref::<PyFloat>().is_some_and(|f| f.to_f64().to_bits() == bits);
                if let Some(nan) = math_nan.filter(same) {
                    return nan;
                }
            }
        }
        vm.ctx.new_float(value).into()
    }

    /// The object of `id`.
    fn object(&self, id: u64, vm: &VirtualMachine) -> PyObjectRef {
        let first_own = self.first_own_id();
        let text = match (&self.constants, id.checked_sub(first_own)) {
            (Some(constants), None) => constants.objects.get(id as usize),
            (_, Some(own)) => self.objects.get(own as usize),
            (None, None) => None,
        };
        text.map_or_else(|| vm.ctx.none(), |text| text.clone().into())
    }
}

/// The exact `str` constants of a code object and of the code objects among its
/// constants, depth first.
fn collect_str_constants(code: &PyObject, out: &mut Vec<PyRef<PyStr>>, vm: &VirtualMachine) {
    let Some(constants) = vm.get_attribute_opt(code, "co_consts").ok().flatten() else { return };
    let Some(constants) = constants.downcast_ref::<PyTuple>() else { return };
    for constant in constants.as_slice() {
        if constant.class().is(vm.ctx.types.str_type) {
            if let Ok(text) = constant.clone().downcast::<PyStr>() {
                out.push(text);
            }
        } else if constant.class().is(vm.ctx.types.code_type) {
            collect_str_constants(constant, out, vm);
        }
    }
}

/// The words native code works on, and the same words as they were copied in.
struct CopiedWords {
    words: Vec<u64>,
    original: Vec<u64>,
}

impl CopiedWords {
    /// The copy, and the words as they were when `keep_original` (code that writes
    /// nothing needs no original: nothing is written back).
    fn new(words: Vec<u64>, keep_original: bool) -> CopiedWords {
        CopiedWords { original: if keep_original { words.clone() } else { Vec::new() }, words }
    }

    /// The indices of the words native code changed.
    fn changed(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.words.len()).filter(|&i| self.words[i] != self.original[i])
    }
}

impl Reflected {
    /// The address native code is given.
    fn address(&self) -> u64 {
        match self {
            Reflected::List(_, _, copy) | Reflected::Object(_, _, _, copy) => copy.words.as_ptr() as u64,
            Reflected::Bytes(bytes) => bytes.words[0],
            Reflected::Dict(_, copy) => &*copy.native as *const NativeDict as u64,
        }
    }

    /// Writes back what native code changed (reflection, as Numba does for lists). A
    /// list of lists or tuples has nothing to write: native code stores only words, and
    /// each inner list or list field writes back its own.
    fn write_back(&self, strings: &WordObjects, given_tuples: &GivenTuples, vm: &VirtualMachine) {
        match self {
            Reflected::List(list, item, copy) if item.is_word_item() => {
                let mut items = list.borrow_vec_mut();
                for at in copy.changed().filter(|&at| at > 0) {
                    // Another thread may have shrunk the list meanwhile.
                    if let Some(slot) = items.get_mut(at - 1) {
                        *slot = unbox_result(&[copy.words[at]], item, strings, vm);
                    }
                }
            }
            Reflected::List(..) => {}
            Reflected::Object(_, dict, object, copy) => {
                for at in copy.changed() {
                    let (name, ty) = &object.fields[at];
                    if ObjectType::is_scalar_field(ty) {
                        // Setting an item of a dict allocates at most; it raises nothing.
                        let _ = dict.set_item(name.as_str(), unbox_result(&[copy.words[at]], ty, strings, vm), vm);
                    }
                }
            }
            Reflected::Dict(dict, copy) => {
                // Changed values of the entries it had, in place, then the entries native
                // code added, in the order it added them: the dict's order is CPython's.
                for (at, (key, value)) in copy.native.entries().enumerate() {
                    let key_object = match copy.keys.get(at) {
                        Some(_) if copy.values[at] == value => continue,
                        Some(key_object) => key_object.clone(),
                        None => key_object(key as u64, &copy.key_type, strings, given_tuples, vm),
                    };
                    // Setting an item of an exact dict with int or str keys allocates at
                    // most (a str caches its hash).
                    let _ = dict.set_item(&*key_object, unbox_result(&[value], &copy.value_type, strings, vm), vm);
                }
            }
            // Written in place.
            Reflected::Bytes(_) => {}
        }
    }
}

/// The copies native code works on during one call: every list and bytearray reachable
/// from the arguments, and the items of every tuple inside those lists. One copy per
/// object however often it is reachable (passed twice, or the same inner list in two
/// places of a list of lists), so writes through one name are seen through the others,
/// as in Python. Nothing reaches the interpreter's objects before [`Copies::write_back`],
/// which runs only when native code succeeded: a deoptimization leaves every list as
/// it was.
pub(super) struct Copies {
    /// Whether native code may write into the copies (else none keeps its original).
    writable: bool,
    /// Whether the interpreter runs the call again when native code does not finish it
    /// (automatic mode), so that what it wrote in place must be undone.
    undoable: bool,
    reflected: Vec<Reflected>,
    /// The items of tuples inside lists and of tuple arguments, one word each (tuples
    /// never change), with the tuple objects.
    tuples: Vec<(Vec<u64>, PyObjectRef)>,
    /// A copied object's address, and its index in `reflected`.
    seen: FxHashMap<usize, usize>,
    /// The addresses of the copied instances' `__dict__`s.
    dicts: FxHashSet<usize>,
    /// The strings of the call, by id.
    strings: WordObjects,
    /// Whether the call has a dict of tuple keys (the runtime's table then holds the keys
    /// its copies and native code refer to, until the copies are dropped).
    interned_keys: bool,
}

impl Drop for Copies {
    fn drop(&mut self) {
        if self.interned_keys {
            pynum_runtime::tuple_keys::release();
        }
    }
}

impl Copies {
    /// The copies of a call of code whose string constants (taking the first ids) are
    /// `string_constants`.
    pub(super) fn new(writable: bool, undoable: bool, string_constants: &Arc<WordObjects>) -> Copies {
        let strings = WordObjects::after(string_constants);
        Copies {
            writable,
            undoable,
            reflected: Vec::new(),
            tuples: Vec::new(),
            seen: FxHashMap::default(),
            dicts: FxHashSet::default(),
            strings,
            interned_keys: false,
        }
    }

    /// The word of a scalar `value` typed `ty` (a str: its id in the call's table).
    pub(super) fn pack(&mut self, value: &PyObjectRef, ty: &Type, vm: &VirtualMachine) -> PyResult<u64> {
        match ty {
            Type::Str => self.strings.id(value, vm),
            Type::Float { .. } => {
                self.strings.note_nan(value);
                pack(value, ty, vm)
            }
            _ => pack(value, ty, vm),
        }
    }

    /// The word of a dict key typed `ty`: a scalar's ([`Copies::pack`]), or a tuple's
    /// interned address (`pynum_runtime::tuple_keys`), the word native code makes of an
    /// equal tuple.
    fn pack_key(&mut self, key: &PyObjectRef, ty: &Type, vm: &VirtualMachine) -> PyResult<u64> {
        let Type::Tuple(item_types) = ty else { return self.pack(key, ty, vm) };
        let tuple = key.downcast_ref::<PyTuple>().ok_or_else(|| vm.new_type_error("typed as a tuple".to_owned()))?;
        let mut items = Vec::with_capacity(item_types.len());
        for (item, item_type) in tuple.as_slice().iter().zip(item_types) {
            items.push(self.pack(item, item_type, vm)?);
        }
        self.interned_keys = true;
        match pynum_runtime::tuple_keys::intern(&items) {
            0 => Err(vm.new_memory_error("no memory for a dict key's copy".to_owned())),
            key => Ok(key),
        }
    }

    /// The argument word for `value`, a list or bytearray typed `ty`: its copy's address.
    pub(super) fn argument(&mut self, value: &PyObjectRef, ty: &Type, vm: &VirtualMachine) -> PyResult<u64> {
        match ty {
            Type::List(item) => {
                let list =
                    value.clone().downcast::<PyList>().map_err(|_| vm.new_type_error("not a list".to_owned()))?;
                self.copy_list(list, item, vm)
            }
            Type::Object(object) => self.copy_object(value, object, vm),
            Type::Dict(key_type, value_type) => {
                let dict =
                    value.clone().downcast::<PyDict>().map_err(|_| vm.new_type_error("not a dict".to_owned()))?;
                self.copy_dict(dict, key_type, value_type, vm)
            }
            other => Err(vm.new_type_error(format!("cannot copy a {other} for native code"))),
        }
    }

    /// The copy of a list already copied in this call, if `object` is one.
    fn already(
        &self,
        object: &rustpython_vm::PyObject,
        item: Option<&Type>,
        vm: &VirtualMachine,
    ) -> PyResult<Option<u64>> {
        let Some(&index) = self.seen.get(&(object as *const _ as usize)) else {
            return Ok(None);
        };
        let copy = &self.reflected[index];
        match (copy, item) {
            (Reflected::List(_, seen_as, _), Some(item)) if seen_as != item => {
                // Reachable as two types (an empty list with ints and floats): the two
                // views would disagree on what a write stores.
                Err(vm.new_system_error(format!("a list reached as a {seen_as} list and as a {item} list")))
            }
            (Reflected::Dict(_, copy), Some(Type::Dict(key, value)))
                if copy.key_type != **key || copy.value_type != **value =>
            {
                // An empty dict passed twice, typed two ways: its copy cannot be both.
                Err(vm.new_system_error("a dict reached as two types".to_owned()))
            }
            (copy, _) => Ok(Some(copy.address())),
        }
    }

    /// The copy of an instance's fields, one per object (an object reachable twice is
    /// one copy, so a write through one path is read through the other).
    fn copy_object(&mut self, value: &PyObjectRef, object: &ObjectType, vm: &VirtualMachine) -> PyResult<u64> {
        if let Some(address) = self.already(value, None, vm)? {
            return Ok(address);
        }
        let dict = value.dict().ok_or_else(|| vm.new_type_error("typed as an object with a __dict__".to_owned()))?;
        // Two instances may share one `__dict__` (`b.__dict__ = a.__dict__`): their
        // attributes are one set, which two copies would split. The interpreter runs.
        let dict_key = dict.as_object() as *const PyObject as usize;
        if !self.dicts.insert(dict_key) {
            return Err(vm.new_system_error("two instances sharing one __dict__".to_owned()));
        }
        let mut words = Vec::with_capacity(object.fields.len());
        for (name, ty) in &object.fields {
            let field = dict.get_item(name.as_str(), vm)?;
            words.push(match ty {
                Type::List(item) => {
                    let list =
                        field.downcast::<PyList>().map_err(|_| vm.new_type_error("typed as a list".to_owned()))?;
                    self.copy_list(list, item, vm)?
                }
                ty => self.pack(&field, ty, vm)?,
            });
        }
        let copy = Reflected::Object(value.clone(), dict, object.clone(), CopiedWords::new(words, self.writable));
        Ok(self.keep(value.as_object() as *const PyObject as usize, copy))
    }

    fn copy_list(&mut self, list: PyRef<PyList>, item: &Type, vm: &VirtualMachine) -> PyResult<u64> {
        if let Some(address) = self.already(list.as_object(), Some(item), vm)? {
            return Ok(address);
        }
        if item.is_word_item() {
            // Scalars pack under the list's borrow: no Python code runs, and the items
            // are not cloned (two atomic reference-count updates each, a fifth of the
            // time of copying a list of 300,000 strs into native code).
            let items = list.borrow_vec();
            let mut words = Vec::with_capacity(items.len() + 1);
            words.push(items.len() as u64);
            for value in items.iter() {
                words.push(self.pack(value, item, vm)?);
            }
            drop(items);
            let object = list.as_object() as *const PyObject as usize;
            return Ok(self.keep(object, Reflected::List(list, item.clone(), CopiedWords::new(words, self.writable))));
        }
        let items: Vec<PyObjectRef> = list.borrow_vec().to_vec();
        let mut words = Vec::with_capacity(items.len() + 1);
        words.push(items.len() as u64);
        match item {
            Type::List(inner) => {
                for value in items {
                    let inner_list =
                        value.downcast::<PyList>().map_err(|_| vm.new_type_error("typed as a list".to_owned()))?;
                    words.push(self.copy_list(inner_list, inner, vm)?);
                }
            }
            Type::Object(object) => {
                for value in &items {
                    words.push(self.copy_object(value, object, vm)?);
                }
            }
            Type::Tuple(types) => {
                for value in &items {
                    let tuple = value
                        .downcast_ref::<PyTuple>()
                        .ok_or_else(|| vm.new_type_error("typed as a tuple".to_owned()))?;
                    let mut packed = Vec::with_capacity(types.len());
                    for (o, t) in tuple.as_slice().iter().zip(types) {
                        packed.push(self.pack(o, t, vm)?);
                    }
                    words.push(packed.as_ptr() as u64);
                    self.tuples.push((packed, value.clone()));
                }
            }
            _ => {
                for value in &items {
                    words.push(self.pack(value, item, vm)?);
                }
            }
        }
        let object = list.as_object() as *const PyObject as usize;
        Ok(self.keep(object, Reflected::List(list, item.clone(), CopiedWords::new(words, self.writable))))
    }

    /// Keeps `copy` as the one copy of the object at `object` in this call, and answers
    /// the copy's address.
    fn keep(&mut self, object: usize, copy: Reflected) -> u64 {
        self.seen.insert(object, self.reflected.len());
        self.reflected.push(copy);
        self.reflected.last().expect("just pushed").address()
    }

    /// The copy of a dict of int or str keys, one per dict (passed twice, it is one copy).
    fn copy_dict(&mut self, dict: PyDictRef, key_type: &Type, value_type: &Type, vm: &VirtualMachine) -> PyResult<u64> {
        let seen_as = Type::Dict(Box::new(key_type.clone()), Box::new(value_type.clone()));
        if let Some(address) = self.already(dict.as_object(), Some(&seen_as), vm)? {
            return Ok(address);
        }
        // Native code interns the tuple keys it stores even into an empty dict.
        self.interned_keys |= matches!(key_type, Type::Tuple(_));
        let entries: Vec<(PyObjectRef, PyObjectRef)> = (&dict).into_iter().collect();
        let mut keys = Vec::with_capacity(entries.len());
        let mut packed = Vec::with_capacity(entries.len());
        for (key, value) in entries {
            packed.push((self.pack_key(&key, key_type, vm)? as i64, self.pack(&value, value_type, vm)?));
            keys.push(key);
        }
        // Code that writes nothing needs no originals: nothing is written back.
        let values = if self.writable { packed.iter().map(|&(_, value)| value).collect() } else { Vec::new() };
        let native = NativeDict::new(packed.into_iter());
        let copy = CopiedDict { native, keys, values, key_type: key_type.clone(), value_type: value_type.clone() };
        let object = dict.as_object() as *const PyObject as usize;
        Ok(self.keep(object, Reflected::Dict(dict, copy)))
    }

    /// Locks the bytearrays a call is given, in the order of their addresses whatever
    /// the order of the arguments: two threads calling `f(x, y)` and `f(y, x)` took one
    /// lock each and waited for ever for the other's.
    pub(super) fn lock_bytearrays<'a>(
        &mut self,
        values: impl Iterator<Item = &'a PyObjectRef>,
        vm: &VirtualMachine,
    ) -> PyResult<()> {
        let mut values: Vec<&PyObjectRef> = values.collect();
        values.sort_by_key(|value| value.as_object() as *const PyObject as usize);
        for value in values {
            self.bytearray(value, vm)?;
        }
        Ok(())
    }

    /// The two argument words of a bytearray native code works on in place, locked
    /// until this call is over (one lock per bytearray however often it is passed).
    pub(super) fn bytearray(&mut self, value: &PyObjectRef, vm: &VirtualMachine) -> PyResult<[u64; 2]> {
        let array =
            value.clone().downcast::<PyByteArray>().map_err(|_| vm.new_type_error("not a bytearray".to_owned()))?;
        let key = array.as_object() as *const rustpython_vm::PyObject as usize;
        if let Some(Reflected::Bytes(bytes)) = self.seen.get(&key).map(|&index| &self.reflected[index]) {
            return Ok(bytes.words);
        }
        let bytes = BorrowedBytes::lock(array, self.writable, self.writable && self.undoable)
            .ok_or_else(|| vm.new_memory_error("no memory to keep a bytearray's bytes for the call".to_owned()))?;
        let words = bytes.words;
        self.keep(key, Reflected::Bytes(bytes));
        Ok(words)
    }

    /// The result of a call from its words, before the native arena is emptied: a list
    /// is its object when it is one of the copies, else a list native code made (the
    /// only other lists it holds: words only, in the arena), boxed into a new list.
    /// `None` for anything else (a null pointer): the caller then runs the interpreter.
    /// A list native code made is boxed once however often the result holds it.
    pub(super) fn result(&self, words: &[u64], ty: &Type, vm: &VirtualMachine) -> Option<PyObjectRef> {
        self.boxed(words, ty, &mut Vec::new(), vm)
    }

    fn boxed(
        &self,
        words: &[u64],
        ty: &Type,
        made: &mut Vec<(u64, PyObjectRef)>,
        vm: &VirtualMachine,
    ) -> Option<PyObjectRef> {
        match ty {
            Type::ByteArray => {
                // By the bytes' address and length: two empty bytearrays may share both
                // (no allocation), and then which one came back is not known.
                let mut given = self.reflected.iter().filter_map(|copy| match copy {
                    Reflected::Bytes(bytes) if bytes.words[..] == words[..2] => Some(bytes.array.clone().into()),
                    _ => None,
                });
                let found = given.next();
                found.filter(|_| given.next().is_none())
            }
            Type::List(_) | Type::Object(_) | Type::Dict(..) => {
                let copy = self.reflected.iter().find(|copy| copy.address() == words[0]);
                match (copy, ty) {
                    (Some(Reflected::List(list, ..)), _) => Some(list.clone().into()),
                    (Some(Reflected::Dict(dict, _)), _) => Some(dict.clone().into()),
                    (Some(Reflected::Object(instance, ..)), _) => Some(instance.clone()),
                    (None, _) if made.iter().any(|(at, _)| *at == words[0]) => {
                        made.iter().find(|(at, _)| *at == words[0]).map(|(_, list)| list.clone())
                    }
                    (None, Type::List(item)) if item.is_word_item() && words[0] != 0 => {
                        // SAFETY: an arena list, `[len, items...]`, alive until the
                        // dispatcher empties the arena after this.
                        let items = unsafe {
                            let base = words[0] as *const u64;
                            std::slice::from_raw_parts(base.add(1), *base as usize)
                        };
                        let values = items.iter().map(|&w| unbox_result(&[w], item, &self.strings, vm)).collect();
                        let list: PyObjectRef = vm.ctx.new_list(values).into();
                        made.push((words[0], list.clone()));
                        Some(list)
                    }
                    _ => None,
                }
            }
            // A tuple equal to one native code was given may be that object, which only
            // the interpreter hands back as itself (`f(t) is t`): it runs the call.
            Type::Tuple(items) if items.iter().all(|t| t.is_number() || *t == Type::Str) => {
                let n = words.len().min(items.len());
                // So may one equal to a dict's tuple key (copied in, or stored by native
                // code, whose key object the write-back makes).
                let a_key = self.interned_keys
                    && pynum_runtime::tuple_keys::find(&words[..n]) != pynum_runtime::tuple_keys::NOT_A_KEY;
                (!a_key && !self.tuples.iter().any(|(given, _)| given[..] == words[..n]))
                    .then(|| unbox_result(words, ty, &self.strings, vm))
            }
            Type::Tuple(items) => {
                let mut at = 0;
                let mut values = Vec::new();
                for item in items {
                    let n = parts(item).map(|p| p.len()).unwrap_or(0);
                    values.push(self.boxed(&words[at..at + n], item, made, vm)?);
                    at += n;
                }
                Some(vm.ctx.new_tuple(values).into())
            }
            other => Some(unbox_result(words, other, &self.strings, vm)),
        }
    }

    /// Notes a tuple argument's words, for [`Copies::result`].
    pub(super) fn given_tuple(&mut self, words: &[u64], tuple: &PyObjectRef) {
        self.tuples.push((words.to_vec(), tuple.clone()));
    }

    /// Writes every copy back into its object (after native code succeeded). Nothing
    /// fails here: a failure after the first write would leave some writes done and the
    /// call to be run again by the interpreter on top of them.
    pub(super) fn write_back(&self, vm: &VirtualMachine) {
        // The tuples the call was given, by their words: what new tuple keys may be (of
        // equal ones, the first given, which a loop over them stores first).
        let mut given_tuples = GivenTuples::default();
        if self.interned_keys {
            for (words, tuple) in &self.tuples {
                given_tuples.entry(&words[..]).or_insert(tuple);
            }
        }
        for copy in &self.reflected {
            copy.write_back(&self.strings, &given_tuples, vm);
        }
    }

    /// Unlocks every bytearray once native code is done (after [`Copies::undo`] when
    /// the call did not finish): what follows may run Python code (an exception's
    /// class, replaced in `builtins`, whose `__init__` reads the bytearray), which would
    /// wait for ever on a lock this thread holds.
    pub(super) fn release_bytearrays(&mut self) {
        for copy in &mut self.reflected {
            if let Reflected::Bytes(bytes) = copy {
                bytes.release();
            }
        }
    }

    /// Undoes what native code wrote in place (a call that did not finish natively,
    /// which the interpreter runs again from its start). Copies need nothing: they are
    /// never written back.
    pub(super) fn undo(&mut self) {
        for copy in &mut self.reflected {
            if let Reflected::Bytes(bytes) = copy {
                bytes.undo();
            }
        }
    }
}

pub(super) fn pack(value: &PyObjectRef, ty: &Type, vm: &VirtualMachine) -> PyResult<u64> {
    Ok(match ty {
        Type::Bool => u64::from(value.clone().try_to_bool(vm)?),
        Type::Int { .. } => {
            let int = value.downcast_ref::<PyInt>().ok_or_else(|| vm.new_type_error("typed as an int".to_owned()))?;
            match small_int(int) {
                Some(word) => word as u64,
                None => int.try_to_primitive::<i64>(vm)? as u64,
            }
        }
        Type::Float { .. } => {
            let x = match value.downcast_ref::<PyFloat>() {
                Some(f) => f.to_f64(),
                None => value
                    .downcast_ref::<PyInt>()
                    .ok_or_else(|| vm.new_type_error("typed as a number".to_owned()))?
                    .try_to_primitive::<i64>(vm)? as f64,
            };
            x.to_bits()
        }
        other => return Err(vm.new_type_error(format!("cannot pass a {other} to native code"))),
    })
}

/// The tuples a call was given (arguments, items of lists), by their items' words.
type GivenTuples<'c> = FxHashMap<&'c [u64], &'c PyObjectRef>;

/// The key object of a dict entry native code added: as [`unbox_result`], except that a
/// tuple key is one word, the address of its interned items, and a tuple the call was
/// given with those items (an argument, an item of a list) is that object: the key of
/// `for p in points: d[p] = 1` is the list's tuple, as in CPython.
fn key_object(
    key: u64,
    ty: &Type,
    strings: &WordObjects,
    given_tuples: &GivenTuples,
    vm: &VirtualMachine,
) -> PyObjectRef {
    match ty {
        Type::Tuple(items) => {
            // SAFETY: native code stored this key, interned on this thread for this call,
            // whose copies (dropped after this write-back) keep the table.
            let words = unsafe { pynum_runtime::tuple_keys::items(key, items.len()) };
            match given_tuples.get(words) {
                Some(tuple) => (*tuple).clone(),
                None => unbox_result(words, ty, strings, vm),
            }
        }
        scalar => unbox_result(&[key], scalar, strings, vm),
    }
}

/// The object of `words` typed `ty`; a str is the object of its id in `strings`.
pub(super) fn unbox_result(words: &[u64], ty: &Type, strings: &WordObjects, vm: &VirtualMachine) -> PyObjectRef {
    match ty {
        Type::Bool => vm.ctx.new_bool(words[0] & 1 == 1).into(),
        Type::Int { .. } => vm.ctx.new_int(words[0] as i64).into(),
        Type::Float { .. } => strings.float(words[0], vm),
        Type::Str => strings.object(words[0], vm),
        Type::Tuple(items) => {
            let mut at = 0;
            let mut values = Vec::new();
            for item in items {
                let n = parts(item).map(|p| p.len()).unwrap_or(0);
                values.push(unbox_result(&words[at..at + n], item, strings, vm));
                at += n;
            }
            vm.ctx.new_tuple(values).into()
        }
        _ => vm.ctx.none(),
    }
}

pub(super) fn const_to_python(c: &Const, vm: &VirtualMachine) -> PyObjectRef {
    match c {
        Const::None => vm.ctx.none(),
        Const::Bool(b) => vm.ctx.new_bool(*b).into(),
        Const::Int(i) => vm.ctx.new_int(*i).into(),
        Const::Float(x) => vm.ctx.new_float(*x).into(),
        Const::Str(s) => vm.ctx.new_str(s.as_str()).into(),
        Const::Tuple(items) => vm.ctx.new_tuple(items.iter().map(|i| const_to_python(i, vm)).collect()).into(),
        other => vm.ctx.new_str(other.to_string()).into(),
    }
}

/// `float64(float64, int64)` or `(int64, int64)`: the argument types.
pub(super) fn parse_signature(text: &str) -> Option<Vec<Type>> {
    let open = text.find('(')?;
    let inner = text[open + 1..].trim_end().strip_suffix(')')?;
    inner.split(',').map(str::trim).filter(|a| !a.is_empty()).map(Type::parse).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use malachite_bigint::BigInt;

    #[test]
    fn small_ints_are_exactly_the_64_bit_ones() {
        let of = |value: i128| small_int(&PyInt::from(BigInt::from(value)));
        for value in [0, 1, -1, 255, -256, i64::MAX as i128, i64::MIN as i128, 1 << 62, -(1 << 62)] {
            assert_eq!(of(value), Some(value as i64), "{value}");
        }
        for value in [i64::MAX as i128 + 1, i64::MIN as i128 - 1, 1 << 64, -(1 << 64), 1 << 100, u64::MAX as i128] {
            assert_eq!(of(value), None, "{value}");
        }
    }
}
