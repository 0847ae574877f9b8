//! The trace events CPython 3.11 reports, where rustpython reports one more: when a `for`
//! loop's iterator runs out, rustpython calls the trace function with an 'exception'
//! event for a `StopIteration` that has no traceback (a `range` whose `FOR_ITER` has not
//! been specialized yet, a generator). CPython 3.11 reports none for them, and a
//! debugger stepping through loops stops on it. Automatic mode makes it common: the
//! copies of a loop that loop-lifting and on-stack replacement add start cold.
//!
//! pynum hands rustpython a filter around each trace function (`sys.settrace`, and the
//! local trace functions they return or a debugger stores in `frame.f_trace`) that drops
//! such events (the frame stands at a `FOR_ITER`) and gives the others the traceback
//! CPython passes (rustpython passes `None`); `sys.gettrace()` and `frame.f_trace` still give the program its own
//! functions. Assumes those are the only ways a trace function is installed or read.
//! What the filter cannot tell apart: a `__next__` written in Python that raises
//! `StopIteration` at a `for` loop, which CPython 3.11 reports.
//!
//! A profile function (`sys.setprofile`) gets a filter too, for `c_call`, `c_return` and
//! `c_exception`: CPython 3.11 reports them for calls of builtin functions and methods
//! only, while rustpython also reports calls of types (`range(3)`, a class) and of other
//! callable objects, among them automatic mode's own: a lifted loop, a dispatcher,
//! `_pynum`'s helpers (`osr_wanted`, `counted`...). The stdlib `profile` module reads
//! `__name__` of what a `c_call` names, and a lifted loop has none: it stopped recording.
//! Still reported otherwise than CPython: a method descriptor called unbound
//! (`list.append(xs, 1)`, CPython binds it first) and a builtin that C code calls
//! (`sorted(xs, key=abs)`).

use rustpython_vm::{
    builtins::{PyCode, PyStr, PyTuple},
    function::FuncArgs,
    pyclass,
    types::Callable,
    AsObject, Py, PyObjectRef, PyPayload, PyResult, Traverse, VirtualMachine,
};

/// A trace function as rustpython holds it: the program's, behind the filter.
#[pyclass(module = false, name = "trace_function", traverse)]
#[derive(Debug, PyPayload)]
struct TraceFilter {
    function: PyObjectRef,
}

#[pyclass(with(Callable))]
impl TraceFilter {}

impl Callable for TraceFilter {
    type Args = FuncArgs;

    fn call(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        if is_loop_exhaustion(&args, vm) {
            // Tracing goes on as if the program's function had returned itself.
            return Ok(zelf.to_owned().into());
        }
        let args = with_traceback(args, vm)?;
        let next = zelf.function.call(args, vm)?;
        Ok(if next.is(&zelf.function) { zelf.to_owned().into() } else { wrap(next, vm) })
    }
}

/// A profile function as rustpython holds it: the program's, behind the filter.
#[pyclass(module = false, name = "profile_function", traverse)]
#[derive(Debug, PyPayload)]
struct ProfileFilter {
    function: PyObjectRef,
}

#[pyclass(with(Callable))]
impl ProfileFilter {}

impl Callable for ProfileFilter {
    type Args = FuncArgs;

    fn call(zelf: &Py<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
        if let [_, event, arg] = args.args.as_slice() {
            let event = event.downcast_ref::<PyStr>().and_then(|s| s.to_str());
            if event.is_some_and(|e| e.starts_with("c_")) && !reported_c_call(arg, vm) {
                return Ok(vm.ctx.none());
            }
        }
        zelf.function.call(args, vm)
    }
}

/// The address of rustpython's own `sys.setprofile`, which pynum's calls (rustpython
/// reports that call too).
static ORIGINAL_SETPROFILE: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Whether CPython 3.11 reports a call of `callable` as a `c_call`: a builtin function or
/// method (or a method descriptor, which it binds first), not a `_pynum` helper, and not
/// `__import__` (an `import` statement calls it from C; rustpython reports it).
fn reported_c_call(callable: &PyObjectRef, vm: &VirtualMachine) -> bool {
    let address = callable.as_object() as *const rustpython_vm::PyObject as usize;
    if address == ORIGINAL_SETPROFILE.load(std::sync::atomic::Ordering::Relaxed) {
        return false;
    }
    let class = callable.class();
    if class.is(vm.ctx.types.method_descriptor_type) {
        return true;
    }
    if !class.is(vm.ctx.types.builtin_function_or_method_type) {
        return false;
    }
    let module = callable.get_attr("__module__", vm).ok();
    let module = module.as_ref().and_then(|m| m.downcast_ref::<PyStr>()).and_then(|m| m.to_str());
    let name = callable.get_attr("__name__", vm).ok();
    let name = name.as_ref().and_then(|n| n.downcast_ref::<PyStr>()).and_then(|n| n.to_str());
    module != Some("_pynum") && !(module == Some("builtins") && name == Some("__import__"))
}

fn wrap_profile(function: PyObjectRef, vm: &VirtualMachine) -> PyObjectRef {
    if vm.is_none(&function) || function.downcast_ref::<ProfileFilter>().is_some() {
        function
    } else {
        ProfileFilter { function }.into_ref(&vm.ctx).into()
    }
}

fn unwrap_profile(function: PyObjectRef) -> PyObjectRef {
    match function.downcast_ref::<ProfileFilter>() {
        Some(filter) => filter.function.clone(),
        None => function,
    }
}

/// `(frame, 'exception', (StopIteration, ...))` with the frame at a `FOR_ITER`: a loop's
/// iterator ran out. (rustpython gives every 'exception' event a `None` traceback, so the
/// instruction is what tells a loop's end from a `raise StopIteration` or a `next()`.)
fn is_loop_exhaustion(args: &FuncArgs, vm: &VirtualMachine) -> bool {
    let Some((frame, [kind, ..])) = exception_event(args) else { return false };
    kind.is(vm.ctx.exceptions.stop_iteration.as_object()) && at_for_iter(frame, vm).unwrap_or(false)
}

/// The frame and `(type, value, traceback)` of an `(frame, 'exception', info)` call.
fn exception_event(args: &FuncArgs) -> Option<(&PyObjectRef, &[PyObjectRef; 3])> {
    let [frame, event, arg] = args.args.as_slice() else { return None };
    if event.downcast_ref::<PyStr>().and_then(|s| s.to_str()) != Some("exception") {
        return None;
    }
    let info: &[PyObjectRef; 3] = arg.downcast_ref::<PyTuple>()?.as_slice().try_into().ok()?;
    Some((frame, info))
}

fn at_for_iter(frame: &PyObjectRef, vm: &VirtualMachine) -> PyResult<bool> {
    use rustpython_vm::bytecode::Instruction;
    let offset: usize = frame.get_attr("f_lasti", vm)?.try_into_value(vm)?;
    let code = frame.get_attr("f_code", vm)?;
    let Some(code) = code.downcast_ref::<PyCode>() else { return Ok(false) };
    let index = offset / 2;
    if index >= code.code.instructions.len() {
        return Ok(false);
    }
    Ok(matches!(
        code.code.instructions.read_op(index),
        Instruction::ForIter { .. }
            | Instruction::ForIterGen
            | Instruction::ForIterList
            | Instruction::ForIterRange
            | Instruction::ForIterTuple
            | Instruction::InstrumentedForIter
    ))
}

/// CPython passes an 'exception' event the traceback with this frame's entry in front of
/// what the exception carried from the frames it left; rustpython passes only the latter
/// (`None` for a fresh raise). Debuggers and tracers print or walk it.
fn with_traceback(mut args: FuncArgs, vm: &VirtualMachine) -> PyResult<FuncArgs> {
    let Some((frame, [kind, value, traceback])) = exception_event(&args) else { return Ok(args) };
    let (frame, kind, value, traceback) = (frame.clone(), kind.clone(), value.clone(), traceback.clone());
    let frame = &frame;
    // rustpython passes what the exception carried (nothing for a fresh raise), before
    // this frame's own entry is added.
    if !vm.is_none(&traceback) && traceback.get_attr("tb_frame", vm)?.is(frame) {
        return Ok(args);
    }
    let carried = traceback;
    let here = vm
        .ctx
        .types
        .traceback_type
        .as_object()
        .call((carried, frame.clone(), frame.get_attr("f_lasti", vm)?, frame.get_attr("f_lineno", vm)?), vm)?;
    args.args[2] = vm.ctx.new_tuple(vec![kind, value, here]).into();
    Ok(args)
}

fn wrap(function: PyObjectRef, vm: &VirtualMachine) -> PyObjectRef {
    if vm.is_none(&function) || function.downcast_ref::<TraceFilter>().is_some() {
        function
    } else {
        TraceFilter { function }.into_ref(&vm.ctx).into()
    }
}

fn unwrap(function: PyObjectRef) -> PyObjectRef {
    match function.downcast_ref::<TraceFilter>() {
        Some(filter) => filter.function.clone(),
        None => function,
    }
}

/// Replaces `sys.settrace`, `sys.gettrace` and `frame.f_trace` with versions that put the
/// filter in and take it out again.
pub fn install(vm: &VirtualMachine) -> PyResult<()> {
    // The filter's type, made once per process (the interpreter's types are static).
    let _ = <TraceFilter as rustpython_vm::class::PyClassImpl>::make_static_type();
    let _ = <ProfileFilter as rustpython_vm::class::PyClassImpl>::make_static_type();
    let sys = vm.sys_module.as_object();
    let setprofile = sys.get_attr("setprofile", vm)?;
    ORIGINAL_SETPROFILE
        .store(setprofile.as_object() as *const rustpython_vm::PyObject as usize, std::sync::atomic::Ordering::Relaxed);
    let getprofile = sys.get_attr("getprofile", vm)?;
    sys.set_attr(
        "setprofile",
        vm.new_function("setprofile", move |function: PyObjectRef, vm: &VirtualMachine| {
            setprofile.call((wrap_profile(function, vm),), vm)
        }),
        vm,
    )?;
    sys.set_attr(
        "getprofile",
        vm.new_function("getprofile", move |vm: &VirtualMachine| getprofile.call((), vm).map(unwrap_profile)),
        vm,
    )?;
    let settrace = sys.get_attr("settrace", vm)?;
    let gettrace = sys.get_attr("gettrace", vm)?;
    sys.set_attr(
        "settrace",
        vm.new_function("settrace", move |function: PyObjectRef, vm: &VirtualMachine| {
            settrace.call((wrap(function, vm),), vm)
        }),
        vm,
    )?;
    sys.set_attr(
        "gettrace",
        vm.new_function("gettrace", move |vm: &VirtualMachine| gettrace.call((), vm).map(unwrap)),
        vm,
    )?;

    crate::descriptors::replace_getset(
        vm,
        vm.ctx.types.frame_type,
        "f_trace",
        |original, frame, vm| original.read(&frame, vm).map(unwrap),
        |original, frame, function, vm| original.write(&frame, wrap(function, vm), vm),
    )
    .map(drop)
}
