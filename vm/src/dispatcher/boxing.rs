//! Values crossing between the interpreter and native code: the pynum type of an
//! argument (derived on every call, so scalar types allocate nothing), arguments packed
//! into 64-bit words, lists and bytearrays copied in and written back (reflection),
//! results and raised constants unboxed into Python objects, and explicit signatures.
//!
//! Assumes the calling convention of `runtime/src/abi.rs`: one word per scalar, a list as
//! `[len, items...]` in words, a bytearray as its length word then its bytes.

use pynum_jit::ir::Const;
use pynum_jit::lir::lower::parts;
use pynum_jit::types::Type;
use rustpython_vm::{
    builtins::{PyByteArray, PyFloat, PyInt, PyList},
    AsObject, Py, PyObjectRef, PyResult, VirtualMachine,
};

/// The pynum type of an argument value, `pyobject` when native code does not take it.
/// On the call path too: scalar types allocate nothing.
pub(crate) fn type_of(value: &PyObjectRef, vm: &VirtualMachine) -> Type {
    let class = value.class();
    if class.is(vm.ctx.types.list_type) {
        value.downcast_ref::<PyList>().map_or(Type::PyObject, |list| list_type(list, vm))
    } else if class.is(vm.ctx.types.bytearray_type) {
        Type::ByteArray
    } else {
        scalar_type_of(value, vm)
    }
}

/// `type_of(value) == *ty`, without making a `Type` for the scalars every call checks.
pub(super) fn has_type(value: &PyObjectRef, ty: &Type, vm: &VirtualMachine) -> bool {
    let class = value.class();
    let types = &vm.ctx.types;
    match ty {
        Type::Bool => class.is(types.bool_type),
        Type::Float { bits: 64 } => class.is(types.float_type),
        Type::Int { bits: 64, signed: true } => class.is(types.int_type) && int_fits_in_i64(value, vm),
        _ => type_of(value, vm) == *ty,
    }
}

/// Whether an int (exact class checked by the caller) is a machine word.
fn int_fits_in_i64(value: &PyObjectRef, vm: &VirtualMachine) -> bool {
    value.downcast_ref::<PyInt>().is_some_and(|int| int.try_to_primitive::<i64>(vm).is_ok())
}

/// The type of a value native code holds in a machine word (bool, a 64-bit int, a
/// float), `pyobject` for anything else. Never looks inside a container, so deriving a
/// list's type takes one pass over its items whatever they hold: a list that contains
/// itself, or lists nested a million deep, cost no recursion.
fn scalar_type_of(value: &PyObjectRef, vm: &VirtualMachine) -> Type {
    // Exact classes only: a subclass may override the operators native code implements.
    let class = value.class();
    let types = &vm.ctx.types;
    if class.is(types.bool_type) {
        Type::Bool
    } else if class.is(types.int_type) {
        if int_fits_in_i64(value, vm) {
            Type::INT64
        } else {
            Type::PyObject
        }
    } else if class.is(types.float_type) {
        Type::FLOAT64
    } else {
        Type::PyObject
    }
}

/// `reflected list(int64)` or `reflected list(float64)` when every item has that type by
/// [`scalar_type_of`] (an empty list counts as ints).
fn list_type(list: &PyList, vm: &VirtualMachine) -> Type {
    let items = list.borrow_vec();
    let item = items.first().map_or(Type::INT64, |first| scalar_type_of(first, vm));
    if matches!(item, Type::INT64 | Type::FLOAT64) && items.iter().all(|o| scalar_type_of(o, vm) == item) {
        Type::List(Box::new(item))
    } else {
        Type::PyObject
    }
}

/// A list or bytearray argument and the copy native code works on: `[len, items...]` in
/// 64-bit words, or the length word then the bytes.
pub(super) enum Reflected<'a> {
    List(&'a Py<PyList>, &'a Type, Vec<u64>),
    Bytes(&'a Py<PyByteArray>, Vec<u64>),
}

impl Reflected<'_> {
    pub(super) fn object(&self) -> &rustpython_vm::PyObject {
        match self {
            Reflected::List(list, ..) => list.as_object(),
            Reflected::Bytes(array, _) => array.as_object(),
        }
    }

    pub(super) fn words(&self) -> &[u64] {
        match self {
            Reflected::List(_, _, words) | Reflected::Bytes(_, words) => words,
        }
    }

    /// The copy, made from the object's current contents.
    pub(super) fn filled(self, vm: &VirtualMachine) -> PyResult<Self> {
        Ok(match self {
            Reflected::List(list, item, _) => {
                let items = list.borrow_vec();
                let mut words = Vec::with_capacity(items.len() + 1);
                words.push(items.len() as u64);
                for value in items.iter() {
                    words.push(pack(value, item, vm)?);
                }
                drop(items);
                Reflected::List(list, item, words)
            }
            Reflected::Bytes(array, _) => {
                let bytes = array.borrow_buf();
                let mut words = vec![0u64; 1 + bytes.len().div_ceil(8)];
                words[0] = bytes.len() as u64;
                // SAFETY: the words after the first have room for every byte.
                let room = unsafe { std::slice::from_raw_parts_mut(words[1..].as_mut_ptr().cast::<u8>(), bytes.len()) };
                room.copy_from_slice(&bytes);
                drop(bytes);
                Reflected::Bytes(array, words)
            }
        })
    }

    /// Writes back what native code changed (reflection, as Numba does for lists).
    pub(super) fn write_back(&self, vm: &VirtualMachine) -> PyResult<()> {
        match self {
            Reflected::List(list, item, words) => {
                let mut items = list.borrow_vec_mut();
                for (slot, &word) in items.iter_mut().zip(&words[1..]) {
                    if pack(slot, item, vm)? != word {
                        *slot = unbox_result(&[word], item, vm);
                    }
                }
            }
            Reflected::Bytes(array, words) => {
                let mut bytes = array.borrow_buf_mut();
                // SAFETY: `filled` laid the bytes out there, and native code cannot resize.
                let native = unsafe { std::slice::from_raw_parts(words[1..].as_ptr().cast::<u8>(), words[0] as usize) };
                if bytes.len() == native.len() && bytes[..] != *native {
                    bytes.copy_from_slice(native);
                }
            }
        }
        Ok(())
    }
}

pub(super) fn pack(value: &PyObjectRef, ty: &Type, vm: &VirtualMachine) -> PyResult<u64> {
    Ok(match ty {
        Type::Bool => u64::from(value.clone().try_to_bool(vm)?),
        Type::Int { .. } => value.downcast_ref::<PyInt>().expect("typed as int").try_to_primitive::<i64>(vm)? as u64,
        Type::Float { .. } => {
            let x = match value.downcast_ref::<PyFloat>() {
                Some(f) => f.to_f64(),
                None => value.downcast_ref::<PyInt>().expect("typed as number").try_to_primitive::<i64>(vm)? as f64,
            };
            x.to_bits()
        }
        other => return Err(vm.new_type_error(format!("cannot pass a {other} to native code"))),
    })
}

pub(super) fn unbox_result(words: &[u64], ty: &Type, vm: &VirtualMachine) -> PyObjectRef {
    match ty {
        Type::Bool => vm.ctx.new_bool(words[0] & 1 == 1).into(),
        Type::Int { .. } => vm.ctx.new_int(words[0] as i64).into(),
        Type::Float { .. } => vm.ctx.new_float(f64::from_bits(words[0])).into(),
        Type::Tuple(items) => {
            let mut at = 0;
            let mut values = Vec::new();
            for item in items {
                let n = parts(item).map(|p| p.len()).unwrap_or(0);
                values.push(unbox_result(&words[at..at + n], item, vm));
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
