//! `bytearray * n` and `list * n` at CPython's speed: rustpython repeats a sequence by
//! appending its items `n` times, one call per repetition, so `bytearray([1]) * 10**7`
//! (a sieve's first line) took 46 ms against CPython's 6. The sequence `repeat` slots of
//! `bytearray` and `list` are replaced at start-up by ones that fill a byte with
//! `memset` and otherwise double the copied prefix, as CPython does.
//!
//! Assumes rustpython-vm 0.6 computes `seq * n` and `n * seq` through the type's
//! `as_sequence.repeat` slot (a plain atomic that may be stored at run time, copied into
//! subclasses made after start-up), with `n` already converted to an `isize` (a count
//! past it raises CPython's `OverflowError` before the slot runs).

use rustpython_vm::{
    builtins::{PyByteArray, PyList},
    protocol::PySequence,
    PyObjectRef, PyResult, VirtualMachine,
};
use std::sync::OnceLock;

type RepeatSlot = fn(PySequence<'_>, isize, &VirtualMachine) -> PyResult;
static BYTEARRAY_REPEAT: OnceLock<RepeatSlot> = OnceLock::new();
static LIST_REPEAT: OnceLock<RepeatSlot> = OnceLock::new();

pub fn install(vm: &VirtualMachine) {
    let types = &vm.ctx.types;
    for (ty, saved, fast) in [
        (types.bytearray_type, &BYTEARRAY_REPEAT, bytearray_repeat as RepeatSlot),
        (types.list_type, &LIST_REPEAT, list_repeat as RepeatSlot),
    ] {
        let slot = &ty.slots.as_sequence.repeat;
        if let Some(real) = slot.load() {
            saved.get_or_init(|| real);
            slot.store(Some(fast));
        }
    }
}

/// `items * n` by doubling: one copy of `items`, then the filled prefix appended to
/// itself until there are `len(items) * n` items. A count of zero or less makes an empty
/// sequence; a size past `isize::MAX` bytes, or one the allocator refuses, is CPython's
/// `MemoryError` (rustpython said `OverflowError` for sizes past `sys.maxsize`).
fn repeated<T: Clone>(items: &[T], n: isize, fill: impl FnOnce(&mut Vec<T>, usize)) -> Result<Vec<T>, ()> {
    let Ok(n) = usize::try_from(n) else { return Ok(Vec::new()) };
    let total = items.len().checked_mul(n).ok_or(())?;
    if total.checked_mul(std::mem::size_of::<T>()).is_none_or(|bytes| bytes > isize::MAX as usize) {
        return Err(());
    }
    let mut out = Vec::new();
    out.try_reserve_exact(total).map_err(|_| ())?;
    if total == 0 {
        return Ok(out);
    }
    if items.len() == 1 {
        fill(&mut out, total);
    } else {
        out.extend_from_slice(items);
        while out.len() < total {
            let more = out.len().min(total - out.len());
            out.extend_from_within(..more);
        }
    }
    Ok(out)
}

fn bytearray_repeat(seq: PySequence<'_>, n: isize, vm: &VirtualMachine) -> PyResult {
    let real = BYTEARRAY_REPEAT.get().expect("saved before the slot was replaced");
    let Some(array) = seq.obj.downcast_ref::<PyByteArray>() else { return real(seq, n, vm) };
    let items: Vec<u8> = array.borrow_buf().to_vec();
    let bytes = repeated(&items, n, |out, total| out.resize(total, items[0])).map_err(|()| vm.no_memory_error())?;
    Ok(PyObjectRef::from(vm.ctx.new_bytearray(bytes)))
}

fn list_repeat(seq: PySequence<'_>, n: isize, vm: &VirtualMachine) -> PyResult {
    let real = LIST_REPEAT.get().expect("saved before the slot was replaced");
    let Some(list) = seq.obj.downcast_ref::<PyList>() else { return real(seq, n, vm) };
    let items: Vec<PyObjectRef> = list.borrow_vec().to_vec();
    let values =
        repeated(&items, n, |out, total| out.resize(total, items[0].clone())).map_err(|()| vm.no_memory_error())?;
    Ok(vm.ctx.new_list(values).into())
}
