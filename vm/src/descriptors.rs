//! Replacing a data descriptor (a getset such as `function.__code__` or `frame.f_trace`)
//! of one of rustpython's types at start-up, with the original kept for the new one to
//! read and write through: how pynum changes what an attribute of a built-in type does
//! without touching rustpython's source.
//!
//! Assumes the attribute is a descriptor with `__get__` and `__set__` in the type's dict,
//! and that it is replaced once per interpreter, before any program code runs.

use std::sync::Arc;

use rustpython_vm::{builtins::PyType, function::PySetterValue, AsObject, Py, PyObjectRef, PyResult, VirtualMachine};

/// The descriptor that was in the type's dict before.
pub(crate) struct Original {
    descriptor: PyObjectRef,
    get: PyObjectRef,
    set: PyObjectRef,
}

impl Original {
    /// The attribute of `object` as the original descriptor reads it.
    /// Through the descriptor's `descr_get` slot when it has one, as attribute lookup
    /// calls it: calling its `__get__` method-wrapper built an argument tuple and bound
    /// the arguments at every read, and the dispatcher reads a function's `__defaults__`
    /// at every call (a decorated one-line function called 300,000 times from the
    /// interpreter ran 384 ms compiled against 300 ms interpreted, 15% of it here).
    pub(crate) fn read(&self, object: &PyObjectRef, vm: &VirtualMachine) -> PyResult {
        vm.call_get_descriptor(&self.descriptor, object)
            .unwrap_or_else(|| self.get.call((object.clone(), object.class().to_owned()), vm))
    }

    /// Writes `value` through the original descriptor.
    pub(crate) fn write(&self, object: &PyObjectRef, value: PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
        self.set.call((object.clone(), value), vm).map(drop)
    }
}

/// Replaces `ty.name` with a getset whose getter and setter receive the original, and
/// returns the original for other code to read and write through as well. A deletion
/// reaches the setter as `None`, which is what the descriptors replaced here make of it.
/// Does nothing (and returns `None`) when the type has no such attribute.
pub(crate) fn replace_getset(
    vm: &VirtualMachine,
    ty: &'static Py<PyType>,
    name: &'static str,
    get: impl Fn(&Original, PyObjectRef, &VirtualMachine) -> PyResult + Send + Sync + 'static,
    set: impl Fn(&Original, PyObjectRef, PyObjectRef, &VirtualMachine) -> PyResult<()> + Send + Sync + 'static,
) -> PyResult<Option<Arc<Original>>> {
    let interned = vm.ctx.intern_str(name);
    let Some(descriptor) = ty.get_attr(interned) else { return Ok(None) };
    let original = Arc::new(Original {
        get: descriptor.get_attr("__get__", vm)?,
        set: descriptor.get_attr("__set__", vm)?,
        descriptor: descriptor.clone(),
    });
    let (for_get, for_set) = (original.clone(), original.clone());
    let replacement = vm.ctx.new_getset(
        name,
        ty,
        move |object: PyObjectRef, vm: &VirtualMachine| -> PyResult { get(&for_get, object, vm) },
        move |object: PyObjectRef, value: PySetterValue, vm: &VirtualMachine| -> PyResult<()> {
            let value = match value {
                PySetterValue::Assign(value) => value,
                PySetterValue::Delete => vm.ctx.none(),
            };
            set(&for_set, object, value, vm)
        },
    );
    ty.set_attr(interned, replacement.into());
    Ok(Some(original))
}
