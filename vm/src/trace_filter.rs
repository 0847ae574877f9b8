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
    let sys = vm.sys_module.as_object();
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
